import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DeviceOrder, OrderHold, OrderItem } from '@portal/protocol';
import { useActingFor } from '../../api/caregiver-grants.ts';
import { formatDate } from '../../i18n/format.ts';
import { OrderMessageDialog, type MessageTopic } from './OrderMessageDialog.tsx';
import { OrderTimeline } from './OrderTimeline.tsx';
import { ProofDownload } from './ProofDownload.tsx';
import { SlotChooser } from './SlotChooser.tsx';
import { holdStepPath, inLanguage, orderAnchor, windowText } from './order-words.ts';

const day = (iso: string, language: string) => formatDate(new Date(iso), language, { dateStyle: 'long' });

function HoldLine({ hold, mayAct }: { hold: OrderHold; mayAct: boolean }) {
  const { t } = useTranslation('equipment');
  const path = mayAct ? holdStepPath(hold) : null;
  return (
    <li className="order-card__hold">
      <span>{t(`hold.${hold.reason}`)}</span>
      {path && hold.step ? (
        <Link className="button button--primary" to={path}>
          {t(`holds.step.${hold.step}`)}
        </Link>
      ) : (
        !hold.step && <span className="order-card__muted">{t('holds.staff')}</span>
      )}
    </li>
  );
}

function ItemLine({ item }: { item: OrderItem }) {
  const { t, i18n } = useTranslation('equipment');
  const prepare = inLanguage(item.prepare, i18n.language);
  return (
    <li className="order-card__item">
      <span className="order-card__item-name">{inLanguage(item.name, i18n.language)}</span>
      <span className="order-card__muted">
        {t('order.quantity', { count: item.quantity })} · {t('order.code', { code: item.hcpcs })}
      </span>
      {item.serial_number && <span>{t('order.serial', { serial: item.serial_number })}</span>}
      {item.manual_template_id && (
        <Link to="/welcome/reference-documents">
          {t('order.manual')}
          <span className="visually-hidden">: {inLanguage(item.name, i18n.language)}</span>
        </Link>
      )}
      {prepare && (
        <p className="order-card__prepare">
          <strong>{t('order.prepare')}: </strong>
          {prepare}
        </p>
      )}
    </li>
  );
}

/** One order on "My equipment": where it is, what holds it up, and the steps the reader can take. */
export function OrderCard({ order }: { order: DeviceOrder }) {
  const { t, i18n } = useTranslation('equipment');
  const acting = useActingFor();
  // Decision 0023: choosing, signing and clearing a hold are acting on the order; writing about it
  // goes into the patient's conversation, which is the messages scope.
  const mayAct = acting.may('act_on_orders');
  const mayWrite = acting.may('write_messages');
  const headingId = useId();
  const [topic, setTopic] = useState<MessageTopic | null>(null);
  const title = order.items.map((item) => inLanguage(item.name, i18n.language)).join(', ');
  const choosing = mayAct && order.slots.length > 0 && order.actions.includes('schedule');
  const signing = mayAct && order.status === 'out_for_delivery' && order.actions.includes('deliver');
  return (
    <article id={orderAnchor(order.id)} className="card order-card" aria-labelledby={headingId} tabIndex={-1}>
      <h2 id={headingId} className="order-card__title">
        {title}
      </h2>
      <p className="order-card__status">
        <span className={`order-status order-status--${order.status}`}>{t(`status.${order.status}`)}</span>
        <span className="order-card__muted">
          {t('order.orderedOn', { date: day(order.created_at, i18n.language) })}
        </span>
      </p>
      {order.holds.length > 0 && (
        <section className="order-card__section">
          <h3>{t('holds.heading')}</h3>
          <ul className="order-card__holds">
            {order.holds.map((hold) => (
              <HoldLine key={hold.id} hold={hold} mayAct={mayAct} />
            ))}
          </ul>
        </section>
      )}
      {order.overdue && <p className="order-card__muted">{t('order.overdue')}</p>}
      {order.delivered_at ? (
        <p className="order-card__delivery">
          {t('order.deliveredOn', { date: day(order.delivered_at, i18n.language) })}
        </p>
      ) : (
        order.delivery && (
          <p className="order-card__delivery">
            {t('order.delivery', { window: windowText(t, i18n.language, order.delivery) })}
          </p>
        )
      )}
      {choosing && <SlotChooser order={order} />}
      {signing && (
        <Link className="button button--primary" to={`/equipment/${order.id}/deliver`}>
          {t('proof.sign')}
        </Link>
      )}
      <section className="order-card__section">
        <h3>{t('order.items')}</h3>
        <ul className="order-card__items">
          {order.items.map((item) => (
            <ItemLine key={item.id} item={item} />
          ))}
        </ul>
      </section>
      {order.rental && (
        <p>{t('order.rental', { used: order.rental.months_used, total: order.rental.months_total })}</p>
      )}
      {order.maintenance_due_at && (
        <p>{t('order.maintenance', { date: day(order.maintenance_due_at, i18n.language) })}</p>
      )}
      {order.has_proof && <ProofDownload orderId={order.id} />}
      {mayWrite && (
        <div className="order-card__actions">
          <button type="button" className="button button--secondary" onClick={() => setTopic('supplies')}>
            {t('message.supplies')}
            <span className="visually-hidden">: {title}</span>
          </button>
          <button type="button" className="button button--secondary" onClick={() => setTopic('fault')}>
            {t('message.fault')}
            <span className="visually-hidden">: {title}</span>
          </button>
        </div>
      )}
      {order.events.length > 0 && <OrderTimeline events={order.events} />}
      {topic && <OrderMessageDialog orderId={order.id} topic={topic} onClose={() => setTopic(null)} />}
    </article>
  );
}
