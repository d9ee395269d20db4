import { useTranslation } from 'react-i18next';
import type { OrderQueue, WorklistOrder, WorklistQueue, WorklistRow } from '@portal/protocol';
import { DATE_TIME, formatDate, formatNumber } from '../../../i18n/format.ts';

const TIME: Intl.DateTimeFormatOptions = { timeStyle: 'short' };

/** An order queue's row: the order's first item and what holds it up, in the reader's language. */
function OrderRowText({ queue, order }: { queue: OrderQueue; order: WorklistOrder }) {
  const { t, i18n } = useTranslation('clinic-worklist');
  const item = i18n.language === 'cn' ? order.item_cn : order.item_gb;
  const status = t(`row.orderStatus.${order.status}`);
  const at = (iso: string | undefined, format = DATE_TIME) =>
    iso ? formatDate(new Date(iso), i18n.language, format) : '';
  switch (queue) {
    case 'orders_on_hold':
      return (
        <>
          {t('row.order.holds', {
            item,
            reasons: (order.hold_reasons ?? []).map((r) => t(`row.holdReason.${r}`)).join(t('row.listJoin')),
          })}
        </>
      );
    case 'deliveries_today':
      return (
        <>
          {t('row.order.delivery', {
            item,
            status,
            from: at(order.delivery?.starts_at, TIME),
            to: at(order.delivery?.ends_at, TIME),
          })}
        </>
      );
    case 'proofs_missing':
      return <>{t('row.order.proofLate', { item, to: at(order.delivery?.ends_at) })}</>;
    case 'resupplies_due':
      return <>{t('row.order.resupply', { item })}</>;
    case 'rentals_ending':
      return <>{t('row.order.rentalEnding', { item })}</>;
    case 'orders_overdue':
      return <>{t('row.order.overdue', { item, status })}</>;
  }
}

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
    case 'orders_on_hold':
    case 'deliveries_today':
    case 'proofs_missing':
    case 'resupplies_due':
    case 'rentals_ending':
    case 'orders_overdue':
      return row.order ? <OrderRowText queue={queue} order={row.order} /> : null;
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
