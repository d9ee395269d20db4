import type { chooseSlotRequest, OrderResult } from '@portal/protocol';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../plugins/auth.ts';
import { bookOfferedSlot } from './book-offered-slot.ts';
import { orderForMove } from './order-for-move.ts';
import { orderView } from './order-view.ts';
import { staffReader } from './staff-reader.ts';

/**
 * `POST /admin/orders/slot/`: the orders desk books one of the offered windows for a patient who
 * phoned in, the same move as the patient's own choice, recorded as the desk's.
 */
export async function bookSlotForPatient(
  ctx: AppContext,
  actor: Actor,
  request: z.output<typeof chooseSlotRequest>,
): Promise<OrderResult> {
  return ctx.db.transaction(async (tx) => {
    const order = await orderForMove(tx, request);
    await bookOfferedSlot(ctx, tx, order, request.slot_id, {
      actor: 'orders_desk',
      actorId: actor.userId,
      meta: actor.meta,
    });
    return { order: await orderView(ctx, tx, order.id, staffReader(actor)) };
  });
}
