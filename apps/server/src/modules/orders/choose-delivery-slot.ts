import type { chooseSlotRequest, OrderResult } from '@portal/protocol';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../plugins/auth.ts';
import { bookOfferedSlot } from './book-offered-slot.ts';
import { orderForMove } from './order-for-move.ts';
import { orderView } from './order-view.ts';

/**
 * `POST /patient/orders/slot/`: the patient (or a caregiver with `act_on_orders`) books one of the
 * offered windows.
 */
export async function chooseDeliverySlot(
  ctx: AppContext,
  actor: Actor,
  request: z.output<typeof chooseSlotRequest>,
): Promise<OrderResult> {
  return ctx.db.transaction(async (tx) => {
    const order = await orderForMove(tx, request, actor.patientId);
    await bookOfferedSlot(ctx, tx, order, request.slot_id, {
      actor: 'patient',
      actorId: actor.patientId,
      meta: actor.meta,
    });
    return { order: await orderView(ctx, tx, order.id, { kind: 'patient' }) };
  });
}
