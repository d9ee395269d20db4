import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceOrder } from '@portal/protocol';
import { showNotice } from '../../../api/notice-store.ts';
import { holdsPermission } from '../../../api/staff-pages.ts';
import { useSession } from '../../../api/use-session.ts';
import { FormAlert } from '../../../ui/form/FormAlert.tsx';
import {
  downloadOrderProof,
  useBookSlot,
  useCreateOrder,
  useMoveOrder,
  useOfferSlots,
  usePatientOrders,
} from '../orders-api.ts';
import { ordersErrorKey } from '../orders-error.ts';
import { ordersNotice } from '../orders-notice.ts';
import { BookSlotDialog } from './BookSlotDialog.tsx';
import { MoveDialog, type PendingMove } from './MoveDialog.tsx';
import { OfferSlotsDialog } from './OfferSlotsDialog.tsx';
import { OrderEquipmentDialog } from './OrderEquipmentDialog.tsx';
import { OrderRecord } from './OrderRecord.tsx';
import { useItemName } from './use-item-name.ts';
import './orders-staff.css';

type Open =
  | { kind: 'move'; move: PendingMove }
  | { kind: 'slots' | 'book'; order: DeviceOrder }
  | { kind: 'prescribe' };

/**
 * "Equipment orders" on the patient's page: their orders, the moves the server says the reader
 * may make on each (the desk's with manage_orders, a clinician's own), and, for clinicians
 * (read_chart), a new order.
 */
export function PatientOrders({ patientId }: { patientId: string }) {
  const { t } = useTranslation('orders-staff');
  const prescribes = holdsPermission(useSession(), 'read_chart');
  const orders = usePatientOrders(patientId);
  const move = useMoveOrder(patientId);
  const offer = useOfferSlots(patientId);
  const book = useBookSlot(patientId);
  const create = useCreateOrder(patientId);
  const [open, setOpen] = useState<Open | null>(null);
  const [error, setError] = useState<string | null>(null);
  const close = () => setOpen(null);
  const done = (notice: string) => {
    showNotice(ordersNotice(notice));
    setOpen(null);
  };

  return (
    <section id="orders" className="card patient-orders" aria-labelledby="patient-orders-title">
      <div className="patient-orders__header">
        <h2 id="patient-orders-title">{t('orders.title')}</h2>
        {prescribes && (
          <button
            type="button"
            className="button button--primary"
            onClick={() => setOpen({ kind: 'prescribe' })}
          >
            {t('prescribe.open')}
          </button>
        )}
      </div>
      {orders.isPending && <p>{t('loading')}</p>}
      {orders.isError && <p role="alert">{t(ordersErrorKey(orders.error) ?? 'errors.generic')}</p>}
      <FormAlert message={error} />
      {orders.data?.length === 0 && <p>{t('orders.none')}</p>}
      {orders.data?.map((order) => (
        <OrderArticle
          key={order.id}
          order={order}
          onOpen={(next) => {
            setError(null);
            setOpen(next);
          }}
          onFailed={setError}
        />
      ))}
      {open?.kind === 'move' && (
        <MoveDialog
          move={open.move}
          send={(body) => move.mutateAsync(body)}
          onCancel={close}
          onDone={() => done(`notices.moves.${open.move.action}`)}
        />
      )}
      {open?.kind === 'slots' && (
        <OfferSlotsDialog
          order={open.order}
          send={(body) => offer.mutateAsync(body)}
          onCancel={close}
          onDone={() => done('notices.slotsOffered')}
        />
      )}
      {open?.kind === 'book' && (
        <BookSlotDialog
          order={open.order}
          send={(body) => book.mutateAsync(body)}
          onCancel={close}
          onDone={() => done('notices.moves.schedule')}
        />
      )}
      {open?.kind === 'prescribe' && (
        <OrderEquipmentDialog
          patientId={patientId}
          send={(body) => create.mutateAsync(body)}
          onCancel={close}
          onDone={(submitted) => done(submitted ? 'notices.ordered' : 'notices.drafted')}
        />
      )}
    </section>
  );
}

interface OrderArticleProps {
  order: DeviceOrder;
  onOpen: (open: Open) => void;
  onFailed: (message: string | null) => void;
}

/** One order and its buttons: a move opens its dialog; a hold is cleared on its own. */
function OrderArticle({ order, onOpen, onFailed }: OrderArticleProps) {
  const { t } = useTranslation('orders-staff');
  const itemName = useItemName();
  const [downloading, setDownloading] = useState(false);
  const title = order.items.map(itemName).join(', ');
  const titleId = `order-${order.id}`;
  const moves = order.actions.filter((action) => action !== 'release' && action !== 'schedule');
  const download = () => {
    setDownloading(true);
    onFailed(null);
    downloadOrderProof(order.id)
      .catch((failure: unknown) => {
        const key = ordersErrorKey(failure);
        onFailed(key && t(key));
      })
      .finally(() => setDownloading(false));
  };
  const which = <span className="visually-hidden"> {title}</span>;
  return (
    <article className="patient-order" aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
      <OrderRecord order={order} />
      <div className="patient-order__actions">
        {order.actions.includes('release') &&
          order.holds.map((hold) => (
            <button
              key={hold.id}
              type="button"
              className="button button--secondary"
              onClick={() =>
                onOpen({ kind: 'move', move: { order, action: 'release', reason: hold.reason } })
              }
            >
              {t('moves.release.label', { reason: t(`holdReason.${hold.reason}`) })}
              {which}
            </button>
          ))}
        {order.actions.includes('schedule') && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => onOpen({ kind: 'slots', order })}
          >
            {t('slots.open')}
            {which}
          </button>
        )}
        {/* Decision 0035: for a patient who phones in, the desk books one of the windows on offer. */}
        {order.actions.includes('schedule') && order.slots.length > 0 && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => onOpen({ kind: 'book', order })}
          >
            {t('book.open')}
            {which}
          </button>
        )}
        {moves.map((action) => (
          <button
            key={action}
            type="button"
            className={`button ${action === 'cancel' ? 'button--danger-outline' : 'button--secondary'}`}
            onClick={() => onOpen({ kind: 'move', move: { order, action } })}
          >
            {t(`moves.${action}.label`)}
            {which}
          </button>
        ))}
        {order.has_proof && (
          <button
            type="button"
            className="button button--secondary"
            disabled={downloading}
            onClick={download}
          >
            {t(downloading ? 'orders.downloading' : 'orders.downloadProof')}
            {which}
          </button>
        )}
      </div>
    </article>
  );
}
