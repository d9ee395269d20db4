import { useTranslation } from 'react-i18next';
import type { WorklistQueue, WorklistRow } from '@portal/protocol';
import { DATE_TIME, formatDate, formatNumber } from '../../../i18n/format.ts';

/** What needs attention in one row, worded for its queue. */
export function WorklistRowText({ queue, row }: { queue: WorklistQueue; row: WorklistRow }) {
  const { t, i18n } = useTranslation('clinic-worklist');
  const title = row.document?.title ?? '';
  switch (queue) {
    case 'intake_new':
      return <>{t('row.intakeNew')}</>;
    case 'intake_resubmitted':
      return <>{t('row.intakeResubmitted')}</>;
    case 'bf_adl_due':
      return <>{t(row.never_answered ? 'row.bfAdlNever' : 'row.bfAdlDue')}</>;
    case 'bf_adl_flagged':
      return <>{(row.flags ?? []).map((flag) => t(`row.flag.${flag}`)).join(t('row.flagJoin'))}</>;
    case 'documents_due_soon':
      return <>{t('row.documentDueSoon', { title })}</>;
    case 'declined_documents':
      return (
        <>
          {t('row.declined', { title })}
          {row.document?.reason && (
            <q className="worklist__reason" lang="">
              {row.document.reason}
            </q>
          )}
        </>
      );
    case 'unread_messages':
      return (
        <>{t('row.unread', { count: row.unread ?? 0, n: formatNumber(row.unread ?? 0, i18n.language) })}</>
      );
  }
}

/** The row's time, with what it means in this queue (handed in, due since, due by…). */
export function WorklistRowTime({ queue, row }: { queue: WorklistQueue; row: WorklistRow }) {
  const { t, i18n } = useTranslation('clinic-worklist');
  const when = formatDate(new Date(row.at), i18n.language, DATE_TIME);
  const key = queue === 'bf_adl_due' && row.never_answered ? 'neverSince' : queue;
  return (
    <>
      {t(`when.${key}`)} <time dateTime={row.at}>{when}</time>
    </>
  );
}
