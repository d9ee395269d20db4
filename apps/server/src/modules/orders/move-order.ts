import { and, eq, sql } from 'drizzle-orm';
import {
  Codes,
  orderTransition,
  ProtocolError,
  type HoldReason,
  type OrderAction,
  type OrderActor,
  type OrderEventAction,
  type OrderStatus,
} from '@portal/protocol';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { deviceOrderEvents, deviceOrders } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';

export interface OrderMove {
  order: { id: string; patientId: string; status: OrderStatus; version: number };
  action: OrderAction;
  actor: OrderActor;
  actorId: string | null;
  meta: RequestMeta | null;
  /** Why, in the actor's words. */
  note?: string;
  holdReason?: HoldReason;
  /** Columns written with the move (the time it was approved, the chosen window). */
  set?: Partial<typeof deviceOrders.$inferInsert>;
}

/**
 * Applies one row of the state table (order-status.ts), audits it, records it in the order's
 * history and queues its webhook event. The UPDATE is conditional on the status and version read before, so of two racing
 * moves exactly one wins; the other, like a move the table does not hold, answers 10409.
 */
export async function moveOrder(ctx: AppContext, tx: Queryable, move: OrderMove): Promise<OrderStatus> {
  const { order, action, actor } = move;
  const transition = orderTransition(order.status, action, actor);
  if (!transition) throw new ProtocolError(Codes.conflict);
  const now = ctx.now();
  const updated = await tx
    .update(deviceOrders)
    .set({ ...move.set, status: transition.to, version: sql`${deviceOrders.version} + 1`, updatedAt: now })
    .where(
      and(
        eq(deviceOrders.id, order.id),
        eq(deviceOrders.status, order.status),
        eq(deviceOrders.version, order.version),
      ),
    )
    .returning({ id: deviceOrders.id });
  if (updated.length === 0) throw new ProtocolError(Codes.conflict);
  await recordOrderEvent(ctx, tx, {
    order,
    action,
    actor,
    actorId: move.actorId,
    meta: move.meta,
    fromStatus: order.status,
    toStatus: transition.to,
    holdReason: move.holdReason,
    note: move.note,
  });
  await emitWebhookEvent(tx, ctx, 'order.status_changed', {
    patient_id: order.patientId,
    order_id: order.id,
    status: transition.to,
  });
  return transition.to;
}

/** A note can carry PHI: it is encrypted and bound to its order. */
export const orderNoteContext = (orderId: string) => `device-order-note:${orderId}`;

/**
 * One line of an order's history and its audit row. A caregiver's act is recorded as theirs, under
 * the grant (decision 0023), whatever the use case passed.
 */
export async function recordOrderEvent(
  ctx: AppContext,
  tx: Queryable,
  event: {
    order: { id: string; patientId: string };
    action: OrderEventAction;
    actor: OrderActor;
    actorId: string | null;
    meta: RequestMeta | null;
    fromStatus?: OrderStatus | null;
    toStatus?: OrderStatus | null;
    holdReason?: HoldReason;
    note?: string;
  },
): Promise<void> {
  const actorId = event.meta?.onBehalf?.caregiverId ?? event.actorId;
  await tx.insert(deviceOrderEvents).values({
    orderId: event.order.id,
    at: ctx.now(),
    actor: event.actor,
    actorId,
    grantId: event.meta?.onBehalf?.grantId ?? null,
    action: event.action,
    fromStatus: event.fromStatus ?? null,
    toStatus: event.toStatus ?? null,
    holdReason: event.holdReason ?? null,
    note: event.note
      ? ctx.cipher.encrypt(Buffer.from(event.note, 'utf8'), orderNoteContext(event.order.id))
      : null,
  });
  const audited = event.action === 'clear_hold' ? 'release' : event.action;
  await recordAudit(tx, event.meta, {
    action: `order.${audited}`,
    outcome: 'success',
    actorId,
    subjectId: event.order.patientId,
    target: `device_orders:${event.order.id}`,
    detail: {
      ...(event.fromStatus ? { from: event.fromStatus } : {}),
      ...(event.toStatus ? { to: event.toStatus } : {}),
      ...(event.holdReason ? { hold_reason: event.holdReason } : {}),
    },
  });
}
