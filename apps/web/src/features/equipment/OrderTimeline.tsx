import { useTranslation } from 'react-i18next';
import type { OrderEvent } from '@portal/protocol';
import { formatDate } from '../../i18n/format.ts';

/**
 * The order's history in plain words, oldest first. A name shows only for a caregiver's step: the
 * patient knows who that was; staff names mean nothing to them.
 */
export function OrderTimeline({ events }: { events: readonly OrderEvent[] }) {
  const { t, i18n } = useTranslation('equipment');
  const wordsOf = (event: OrderEvent) => {
    const what = event.hold_reason
      ? `${t(`event.${event.action}`)}: ${t(`hold.${event.hold_reason}`)}`
      : t(`event.${event.action}`);
    return event.actor === 'patient' && event.actor_name
      ? t('order.eventBy', { event: what, name: event.actor_name })
      : what;
  };
  return (
    <details className="order-timeline">
      <summary>{t('order.timeline')}</summary>
      <ol>
        {events.map((event, index) => (
          <li key={`${event.at}-${index}`}>
            <time dateTime={event.at}>
              {formatDate(new Date(event.at), i18n.language, { dateStyle: 'medium' })}
            </time>
            <span>{wordsOf(event)}</span>
          </li>
        ))}
      </ol>
    </details>
  );
}
