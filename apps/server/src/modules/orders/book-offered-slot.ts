import { and, eq, isNull } from 'drizzle-orm';
import { Codes, ProtocolError } from '@portal/protocol';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { deviceOrderSlots } from '../../db/schema/index.ts';
import { moveOrder } from './move-order.ts';
import type { OrderRow } from './order-view.ts';

interface Booker {
  actor: 'patient' | 'orders_desk';
  actorId: string;
  meta: RequestMeta;
}

/**
 * The `schedule` move: one of the windows on offer for the order becomes its delivery window, and
 * the offer is withdrawn. 10400 on `slot_id` for a window not on offer for this order.
 */
export async function bookOfferedSlot(
  ctx: AppContext,
  tx: Transaction,
  order: OrderRow,
  slotId: string,
  booker: Booker,
): Promise<void> {
  const [slot] = await tx
    .select()
    .from(deviceOrderSlots)
    .where(
      and(
        eq(deviceOrderSlots.id, slotId),
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
    ...booker,
    set: { deliveryStartsAt: slot.startsAt, deliveryEndsAt: slot.endsAt },
  });
  await tx
    .update(deviceOrderSlots)
    .set({ withdrawnAt: ctx.now() })
    .where(and(eq(deviceOrderSlots.orderId, order.id), isNull(deviceOrderSlots.withdrawnAt)));
}
