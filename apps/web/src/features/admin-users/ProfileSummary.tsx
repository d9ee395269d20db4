import { useTranslation } from 'react-i18next';
import type { UserDetail } from '@portal/protocol';
import { DAY, formatDate, formatLanguage } from '../../i18n/format.ts';

type Profile = NonNullable<UserDetail['profile']>;

/** What the patient told the clinic about themself (read-only: the patient owns it). */
export function ProfileSummary({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation('admin');
  const rows: [string, string | undefined][] = [
    ['detail.profile.preferredName', profile.preferred_name || undefined],
    [
      'detail.profile.dateOfBirth',
      profile.date_of_birth &&
        formatDate(new Date(`${profile.date_of_birth}T00:00:00Z`), i18n.language, {
          ...DAY,
          timeZone: 'UTC',
        }),
    ],
    ['detail.profile.sexAtBirth', profile.sex_at_birth && t(`detail.profile.sex.${profile.sex_at_birth}`)],
    ['detail.profile.genderIdentity', profile.gender_identity || undefined],
    [
      'detail.profile.preferredLanguage',
      profile.preferred_language && formatLanguage(profile.preferred_language, i18n.language),
    ],
  ];
  return (
    <section className="card detail-card" aria-labelledby="detail-profile">
      <h2 id="detail-profile">{t('detail.profile.title')}</h2>
      <dl className="facts">
        {rows.map(([label, value]) => (
          <div key={label} className="facts__row">
            <dt>{t(label)}</dt>
            <dd>{value ?? t('detail.notGiven')}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
