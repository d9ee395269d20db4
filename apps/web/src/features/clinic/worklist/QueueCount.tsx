import { useTranslation } from 'react-i18next';
import { isOrderQueue, type WorklistQueue } from '@portal/protocol';
import { useCappedCount } from './capped-count.ts';

/** A queue's badge: its count, or "1,000+" where the server stopped counting. */
export function QueueCount({ queue, count }: { queue: WorklistQueue; count: number }) {
  const { t } = useTranslation('clinic-worklist');
  const { n, atLeast, text } = useCappedCount()(count);
  const orders = isOrderQueue(queue);
  const label = atLeast
    ? t(orders ? 'queues.countOrdersAtLeast' : 'queues.countAtLeast', { n })
    : t(orders ? 'queues.countOrders' : 'queues.count', { count });
  return (
    <span className="worklist__count" aria-label={label}>
      {text}
    </span>
  );
}
