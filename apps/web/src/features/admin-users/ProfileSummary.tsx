import { useTranslation } from 'react-i18next';
import type { UserDetail } from '@portal/protocol';
import { DAY, formatDate, formatLanguage } from '../../i18n/format.ts';

type Profile = NonNullable<UserDetail['profile']>;

/** Whole years from a YYYY-MM-DD birth date to today. */
export function ageOn(dateOfBirth: string, today: Date): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const birthdayPassed =
    today.getMonth() + 1 > month || (today.getMonth() + 1 === month && today.getDate() >= day);
  return today.getFullYear() - year - (birthdayPassed ? 0 : 1);
}

interface ProfileSummaryProps {
  profile: Profile;
  /**
   * Whether the viewer holds `read_chart`: without it the server sends only what identifies the
   * patient, so a missing sex or gender is withheld from them, not left blank by the patient.
   */
  readsChart: boolean;
}

/** What the patient told the clinic about themself (read-only: the patient owns it). */
export function ProfileSummary({ profile, readsChart }: ProfileSummaryProps) {
  const { t, i18n } = useTranslation('admin');
  const withheld = readsChart ? undefined : t('detail.withheld', { permission: t('users.auths.read_chart') });
  const rows: [string, string | undefined][] = [
    ['detail.profile.preferredName', profile.preferred_name || undefined],
    [
      'detail.profile.dateOfBirth',
      profile.date_of_birth &&
        t('detail.profile.dateWithAge', {
          date: formatDate(new Date(`${profile.date_of_birth}T00:00:00Z`), i18n.language, {
            ...DAY,
            timeZone: 'UTC',
          }),
          age: ageOn(profile.date_of_birth, new Date()),
        }),
    ],
    [
      'detail.profile.sexAtBirth',
      (profile.sex_at_birth && t(`detail.profile.sex.${profile.sex_at_birth}`)) || withheld,
    ],
    ['detail.profile.genderIdentity', profile.gender_identity || withheld],
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
