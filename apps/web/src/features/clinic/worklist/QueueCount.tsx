import { useTranslation } from 'react-i18next';
import { isOrderQueue, WORKLIST_COUNT_CAP, type WorklistQueue } from '@portal/protocol';
import { formatNumber } from '../../../i18n/format.ts';

/** A queue's badge: its count, or "1,000+" where the server stopped counting. */
export function QueueCount({ queue, count }: { queue: WorklistQueue; count: number }) {
  const { t, i18n } = useTranslation('clinic-worklist');
  const n = formatNumber(count, i18n.language);
  const orders = isOrderQueue(queue);
  const atLeast = count >= WORKLIST_COUNT_CAP;
  const label = atLeast
    ? t(orders ? 'queues.countOrdersAtLeast' : 'queues.countAtLeast', { n })
    : t(orders ? 'queues.countOrders' : 'queues.count', { count });
  return (
    <span className="worklist__count" aria-label={label}>
      {atLeast ? t('queues.atLeast', { n }) : n}
    </span>
  );
}
