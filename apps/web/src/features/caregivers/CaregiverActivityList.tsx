import { useTranslation } from 'react-i18next';
import { DATE_TIME, formatDate } from '../../i18n/format.ts';
import { useCaregiverActivity } from './caregivers-api.ts';

/** What caregivers did on the patient's record, newest first, in the audit log's own words. */
export function CaregiverActivityList() {
  const { t, i18n } = useTranslation(['caregivers', 'audit-labels']);
  const activity = useCaregiverActivity();
  // The audit log's words for its actions; their names hold dots, so the table is read whole.
  const actions = t('actions', { ns: 'audit-labels', returnObjects: true }) as Partial<
    Record<string, string>
  >;
  return (
    <section aria-labelledby="caregiver-activity-title">
      <h3 id="caregiver-activity-title">{t('activity.title')}</h3>
      {activity.isPending && <p role="status">{t('loading')}</p>}
      {activity.isError && (
        <p className="form-alert form-alert--error" role="alert">
          {t('errors.generic')}
        </p>
      )}
      {activity.data &&
        (activity.data.items.length === 0 ? (
          <p>{t('activity.none')}</p>
        ) : (
          <ul className="caregiver-activity">
            {activity.data.items.map((item, index) => (
              <li key={`${item.at}-${index}`}>
                <time dateTime={item.at}>{formatDate(new Date(item.at), i18n.language, DATE_TIME)}</time>{' '}
                {t('activity.line', {
                  name: item.caregiver_name,
                  action: actions[item.action] ?? item.action,
                })}
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
