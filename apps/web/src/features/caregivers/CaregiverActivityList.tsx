import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaregiverActivity } from '@portal/protocol';
import { DATE_TIME, formatDate } from '../../i18n/format.ts';
import { useCaregiverActivity } from './caregivers-api.ts';
import { FormAlert } from '../../ui/form/FormAlert.tsx';

/** What caregivers did on the patient's record, newest first, in the audit log's own words. */
export function CaregiverActivityList() {
  const { t } = useTranslation('caregivers');
  const activity = useCaregiverActivity();
  return (
    <section aria-labelledby="caregiver-activity-title">
      <h3 id="caregiver-activity-title">{t('activity.title')}</h3>
      {activity.isPending && <p role="status">{t('loading')}</p>}
      <FormAlert message={activity.isError && t('errors.generic')} />
      {activity.data &&
        (activity.data.items.length === 0 ? (
          <p>{t('activity.none')}</p>
        ) : (
          // The audit log's words load only when there is something to say with them.
          <Suspense fallback={<p role="status">{t('loading')}</p>}>
            <ActivityItems items={activity.data.items} />
          </Suspense>
        ))}
    </section>
  );
}

function ActivityItems({ items }: { items: CaregiverActivity['items'] }) {
  const { t, i18n } = useTranslation(['caregivers', 'audit-labels']);
  // Action names hold dots, so their table is read whole rather than key by key.
  const actions = t('actions', { ns: 'audit-labels', returnObjects: true }) as Partial<
    Record<string, string>
  >;
  return (
    <ul className="caregiver-activity">
      {items.map((item, index) => (
        <li key={`${item.at}-${index}`}>
          <time dateTime={item.at}>{formatDate(new Date(item.at), i18n.language, DATE_TIME)}</time>{' '}
          {t('activity.line', { name: item.caregiver_name, action: actions[item.action] ?? item.action })}
        </li>
      ))}
    </ul>
  );
}
