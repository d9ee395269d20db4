import type { createOrderRequest, OrderResult } from '@portal/protocol';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../plugins/auth.ts';
import { createOrder } from './create-order.ts';
import { orderView } from './order-view.ts';
import { staffReader } from './staff-reader.ts';

/** `POST /admin/orders/`: the clinician's detailed written order, dated now. */
export async function prescribeOrder(
  ctx: AppContext,
  actor: Actor,
  request: z.output<typeof createOrderRequest>,
): Promise<OrderResult> {
  return ctx.db.transaction(async (tx) => {
    const id = await createOrder(ctx, tx, {
      patientId: request.patient_id,
      items: request.items.map((item) => ({
        catalogueItemId: item.catalogue_item_id,
        quantity: item.quantity,
      })),
      note: request.note,
      submit: request.submit,
      prescribedBy: actor.userId,
      prescribedAt: ctx.now(),
      createdBy: actor.userId,
      resupplyOf: null,
      actor: 'prescriber',
      meta: actor.meta,
    });
    return { order: await orderView(ctx, tx, id, staffReader(actor)) };
  });
}
