import { and, eq, isNull, sql } from 'drizzle-orm';
import { Codes, ProtocolError, type HoldReason, type OrderActor, type OrderStatus } from '@portal/protocol';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { deviceOrderHolds, deviceOrders } from '../../db/schema/index.ts';
import { moveOrder, recordOrderEvent } from './move-order.ts';

/** The order as a move needs it; each helper answers it as it stands after its move. */
export interface OrderState {
  id: string;
  patientId: string;
  status: OrderStatus;
  version: number;
}

export interface HoldChange {
  actor: OrderActor;
  actorId: string | null;
  meta: RequestMeta | null;
  note?: string;
}

/**
 * Opens a hold: the `hold` move (submitted → on_hold, or another reason while on hold) and its
 * row. One open row per reason: a second hold for a reason already open answers 10409.
 */
export async function openHold(
  ctx: AppContext,
  tx: Queryable,
  order: OrderState,
  reason: HoldReason,
  change: HoldChange,
): Promise<OrderState> {
  const [open] = await tx
    .select({ id: deviceOrderHolds.id })
    .from(deviceOrderHolds)
    .where(
      and(
        eq(deviceOrderHolds.orderId, order.id),
        eq(deviceOrderHolds.reason, reason),
        isNull(deviceOrderHolds.clearedAt),
      ),
    );
  if (open) throw new ProtocolError(Codes.conflict);
  const status = await moveOrder(ctx, tx, { order, action: 'hold', holdReason: reason, ...change });
  await tx.insert(deviceOrderHolds).values({
    orderId: order.id,
    reason,
    openedAt: ctx.now(),
    openedBy: change.actor === 'system' ? null : change.actorId,
  });
  return { ...order, status, version: order.version + 1 };
}

/**
 * Clears one open hold. The last one to clear releases the order back to `submitted` (one move,
 * naming the reason); an earlier one is a `clear_hold` line in its history. 10409 when no hold
 * of that reason is open.
 */
export async function clearHold(
  ctx: AppContext,
  tx: Queryable,
  order: OrderState,
  reason: HoldReason,
  change: HoldChange,
): Promise<OrderState> {
  const cleared = await tx
    .update(deviceOrderHolds)
    .set({ clearedAt: ctx.now(), clearedBy: change.actor === 'system' ? null : change.actorId })
    .where(
      and(
        eq(deviceOrderHolds.orderId, order.id),
        eq(deviceOrderHolds.reason, reason),
        isNull(deviceOrderHolds.clearedAt),
      ),
    )
    .returning({ id: deviceOrderHolds.id });
  if (cleared.length === 0 || order.status !== 'on_hold') throw new ProtocolError(Codes.conflict);
  const [stillOpen] = await tx
    .select({ id: deviceOrderHolds.id })
    .from(deviceOrderHolds)
    .where(and(eq(deviceOrderHolds.orderId, order.id), isNull(deviceOrderHolds.clearedAt)))
    .limit(1);
  if (stillOpen) {
    // Not a move of the table, yet a change of the order: readers holding the old version retry.
    const bumped = await tx
      .update(deviceOrders)
      .set({ version: sql`${deviceOrders.version} + 1`, updatedAt: ctx.now() })
      .where(and(eq(deviceOrders.id, order.id), eq(deviceOrders.version, order.version)))
      .returning({ id: deviceOrders.id });
    if (bumped.length === 0) throw new ProtocolError(Codes.conflict);
    await recordOrderEvent(ctx, tx, { order, action: 'clear_hold', holdReason: reason, ...change });
    return { ...order, version: order.version + 1 };
  }
  const status = await moveOrder(ctx, tx, { order, action: 'release', holdReason: reason, ...change });
  return { ...order, status, version: order.version + 1 };
}
