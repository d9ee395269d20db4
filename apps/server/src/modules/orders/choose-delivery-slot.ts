import { and, eq, isNull } from 'drizzle-orm';
import { Codes, ProtocolError, type chooseSlotRequest, type OrderResult } from '@portal/protocol';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { deviceOrderSlots } from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/auth.ts';
import { moveOrder } from './move-order.ts';
import { orderForMove } from './order-for-move.ts';
import { orderView } from './order-view.ts';

/**
 * `POST /patient/orders/slot/`: the patient (or a caregiver with `act_on_orders`) books one of the
 * offered windows; the offer is then withdrawn. 10400 on `slot_id` for a window not on offer for
 * this order.
 */
export async function chooseDeliverySlot(
  ctx: AppContext,
  actor: Actor,
  request: z.output<typeof chooseSlotRequest>,
): Promise<OrderResult> {
  return ctx.db.transaction(async (tx) => {
    const order = await orderForMove(tx, request, actor.patientId);
    const [slot] = await tx
      .select()
      .from(deviceOrderSlots)
      .where(
        and(
          eq(deviceOrderSlots.id, request.slot_id),
          eq(deviceOrderSlots.orderId, order.id),
          isNull(deviceOrderSlots.withdrawnAt),
        ),
      );
    if (!slot) {
      const message = 'Not a delivery window on offer';
      throw new ProtocolError(Codes.validation, message, [{ path: 'slot_id', message }]);
    }
    await moveOrder(ctx, tx, {
      order,
      action: 'schedule',
      actor: 'patient',
      actorId: actor.patientId,
      meta: actor.meta,
      set: { deliveryStartsAt: slot.startsAt, deliveryEndsAt: slot.endsAt },
    });
    await tx
      .update(deviceOrderSlots)
      .set({ withdrawnAt: ctx.now() })
      .where(and(eq(deviceOrderSlots.orderId, order.id), isNull(deviceOrderSlots.withdrawnAt)));
    return { order: await orderView(ctx, tx, order.id, { kind: 'patient' }) };
  });
}
