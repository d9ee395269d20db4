import { useTranslation } from 'react-i18next';
import type { DeviceOrder } from '@portal/protocol';
import { useItemName } from './use-item-name.ts';
import { useOrderFormat } from './use-order-format.ts';

/** What an order holds and where it stands: items, holds, delivery, rental and its history. */
export function OrderRecord({ order }: { order: DeviceOrder }) {
  const { t } = useTranslation('orders-staff');
  const format = useOrderFormat();
  const itemName = useItemName();
  return (
    <>
      <p className="order-record__status">
        <span className={`order-status order-status--${order.status}`}>
          {t('order.status', { status: t(`orderStatus.${order.status}`) })}
        </span>
        {order.overdue && <span className="badge badge--warning">{t('order.overdue')}</span>}
        {' · '}
        {t('order.created', { date: format.day(order.created_at) })}
      </p>
      <ul className="order-record__items">
        {order.items.map((item) => (
          <li key={item.id}>
            {t('order.item', { code: item.hcpcs, name: itemName(item), quantity: item.quantity })}
            {item.serial_number && <> · {t('order.serial', { serial: item.serial_number })}</>}
          </li>
        ))}
      </ul>
      {order.holds.length > 0 && (
        <p>
          {t('order.holds', {
            reasons: order.holds.map((hold) => t(`holdReason.${hold.reason}`)).join(', '),
          })}
        </p>
      )}
      {order.delivery && (
        <p>
          {t('order.delivery', { window: format.window(order.delivery.starts_at, order.delivery.ends_at) })}
        </p>
      )}
      {order.slots.length > 0 && (
        <p>
          {t('order.slotsOffered', {
            windows: order.slots.map((slot) => format.window(slot.starts_at, slot.ends_at)).join('; '),
          })}
        </p>
      )}
      {order.delivered_at && <p>{t('order.delivered', { date: format.day(order.delivered_at) })}</p>}
      {order.rental && (
        <p>
          {t('order.rental', {
            used: order.rental.months_used,
            total: order.rental.months_total,
            ends: format.day(order.rental.ends_at),
          })}
        </p>
      )}
      {order.maintenance_due_at && (
        <p>{t('order.maintenance', { date: format.day(order.maintenance_due_at) })}</p>
      )}
      {order.events.length > 0 && (
        <details className="order-record__history">
          <summary>{t('order.history')}</summary>
          <ol>
            {order.events.map((event, index) => (
              <li key={`${event.at}-${index}`}>
                <time dateTime={event.at}>{format.moment(event.at)}</time> {t(`orderEvent.${event.action}`)}
                {event.hold_reason && <> ({t(`holdReason.${event.hold_reason}`)})</>}
                {' · '}
                {event.actor_name ?? t(`actor.${event.actor}`)}
                {event.note && <> · “{event.note}”</>}
              </li>
            ))}
          </ol>
        </details>
      )}
    </>
  );
}
