import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  Codes,
  orderTransition,
  ProtocolError,
  type FieldError,
  type offerSlotsRequest,
  type OrderResult,
} from '@portal/protocol';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { deviceOrders, deviceOrderSlots } from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/auth.ts';
import { recordOrderEvent } from './move-order.ts';
import { orderForMove } from './order-for-move.ts';
import { orderView } from './order-view.ts';
import { staffReader } from './staff-reader.ts';

const HOUR_MS = 3_600_000;
const MIN_SLOT_MS = HOUR_MS;
const MAX_SLOT_MS = 24 * HOUR_MS;

/**
 * `POST /admin/orders/slots/`: delivery windows to choose from, on an order the desk may
 * `schedule` (approved, or one whose window is to change; 10409 otherwise). The offer replaces any
 * earlier one.
 */
export async function offerDeliverySlots(
  ctx: AppContext,
  actor: Actor,
  request: z.output<typeof offerSlotsRequest>,
): Promise<OrderResult> {
  const now = ctx.now();
  const slots = request.slots.map((slot) => ({
    startsAt: new Date(slot.starts_at),
    endsAt: new Date(slot.ends_at),
  }));
  return ctx.db.transaction(async (tx) => {
    const order = await orderForMove(tx, request);
    if (!orderTransition(order.status, 'schedule', 'orders_desk')) throw new ProtocolError(Codes.conflict);
    refuseBadSlots(slots, now);
    await tx
      .update(deviceOrderSlots)
      .set({ withdrawnAt: now })
      .where(and(eq(deviceOrderSlots.orderId, order.id), isNull(deviceOrderSlots.withdrawnAt)));
    await tx
      .insert(deviceOrderSlots)
      .values(slots.map((slot) => ({ ...slot, orderId: order.id, offeredBy: actor.userId, offeredAt: now })));
    const bumped = await tx
      .update(deviceOrders)
      .set({ version: sql`${deviceOrders.version} + 1`, updatedAt: now })
      .where(and(eq(deviceOrders.id, order.id), eq(deviceOrders.version, order.version)))
      .returning({ id: deviceOrders.id });
    if (bumped.length === 0) throw new ProtocolError(Codes.conflict);
    await recordOrderEvent(ctx, tx, {
      order,
      action: 'offer_slots',
      actor: 'orders_desk',
      actorId: actor.userId,
      meta: actor.meta,
    });
    return { order: await orderView(ctx, tx, order.id, staffReader(actor)) };
  });
}

/** 10400 naming each window that begins in the past, is shorter than an hour or longer than a day, or overlaps another. */
function refuseBadSlots(slots: readonly { startsAt: Date; endsAt: Date }[], now: Date): void {
  const errors: FieldError[] = [];
  slots.forEach((slot, index) => {
    const length = slot.endsAt.getTime() - slot.startsAt.getTime();
    const overlaps = slots.some(
      (other, j) => j !== index && other.startsAt < slot.endsAt && slot.startsAt < other.endsAt,
    );
    const message =
      slot.startsAt <= now
        ? 'A delivery window begins in the future'
        : length < MIN_SLOT_MS || length > MAX_SLOT_MS
          ? 'A delivery window lasts between one hour and a day'
          : overlaps
            ? 'Delivery windows may not overlap'
            : undefined;
    if (message) errors.push({ path: `slots.${index}.starts_at`, message });
  });
  if (errors.length > 0) throw new ProtocolError(Codes.validation, errors[0]!.message, errors);
}
