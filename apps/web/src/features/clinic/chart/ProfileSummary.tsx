import { useTranslation } from 'react-i18next';
import type { UserDetail } from '@portal/protocol';
import { holdsPermission } from '../../../api/staff-pages.ts';
import { useSession } from '../../../api/use-session.ts';
import { DAY, formatDate, formatLanguage } from '../../../i18n/format.ts';
import { FactList } from '../../../ui/FactList.tsx';

type Profile = NonNullable<UserDetail['profile']>;

/** Whole years from a YYYY-MM-DD birth date to today. */
export function ageOn(dateOfBirth: string, today: Date): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const birthdayPassed =
    today.getMonth() + 1 > month || (today.getMonth() + 1 === month && today.getDate() >= day);
  return today.getFullYear() - year - (birthdayPassed ? 0 : 1);
}

const FIELDS = [
  'preferred_name',
  'date_of_birth',
  'sex_at_birth',
  'gender_identity',
  'preferred_language',
] as const satisfies readonly (keyof Profile)[];

/**
 * Who the person is, as they keep it now (read-only: they own it), labelled as the chart's
 * profile section labels it. The one part of the record shown without `read_chart`: the server
 * then sends only what identifies the person, so a missing sex or gender is withheld from the
 * reader, not left blank by the person.
 */
export function ProfileSummary({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation(['clinic', 'intake', 'admin']);
  const readsChart = holdsPermission(useSession(), 'read_chart');
  const withheld = readsChart
    ? undefined
    : t('chart.profile.withheld', { permission: t('admin:users.auths.read_chart') });
  const { date_of_birth: born, sex_at_birth: sex } = profile;
  const values: Record<(typeof FIELDS)[number], string | undefined> = {
    preferred_name: profile.preferred_name || undefined,
    date_of_birth:
      born &&
      t('chart.profile.dateWithAge', {
        date: formatDate(new Date(`${born}T00:00:00Z`), i18n.language, { ...DAY, timeZone: 'UTC' }),
        age: ageOn(born, new Date()),
      }),
    sex_at_birth: (sex && t(`intake:options.sexAtBirth.${sex}`)) || withheld,
    gender_identity: profile.gender_identity || withheld,
    preferred_language:
      profile.preferred_language && formatLanguage(profile.preferred_language, i18n.language),
  };
  return (
    <section className="card detail-card" aria-labelledby="detail-profile">
      <h2 id="detail-profile">{t('intake:steps.profile')}</h2>
      <FactList
        facts={FIELDS.map((field) => [
          t([`intake:staffFields.profile.${field}`, `intake:fields.profile.${field}`] as never),
          values[field] ?? t('chart.profile.notGiven'),
        ])}
      />
    </section>
  );
}
