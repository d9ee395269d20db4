import { and, eq } from 'drizzle-orm';
import type { OrderActor, OrderStatus } from '@portal/protocol';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { catalogueItems, deviceOrderItems } from '../../db/schema/index.ts';
import { moveOrder } from './move-order.ts';

export interface Delivery {
  order: { id: string; patientId: string; status: OrderStatus; version: number };
  actor: OrderActor;
  actorId: string | null;
  meta: RequestMeta | null;
  note?: string;
  /** Serial numbers read at the door, by order item. */
  serials: readonly { itemId: string; serialNumber: string }[];
}

/**
 * The one way an order becomes delivered, whether signed for at the door or confirmed by the
 * carrier: the serials are kept, and an order with a rented item goes on into its rental at once,
 * the server's own move, since the rental months count from the date of service.
 */
export async function recordDelivery(
  ctx: AppContext,
  tx: Queryable,
  delivery: Delivery,
): Promise<OrderStatus> {
  const { order } = delivery;
  for (const { itemId, serialNumber } of delivery.serials) {
    await tx
      .update(deviceOrderItems)
      .set({ serialNumber })
      .where(and(eq(deviceOrderItems.id, itemId), eq(deviceOrderItems.orderId, order.id)));
  }
  const now = ctx.now();
  const delivered = await moveOrder(ctx, tx, {
    order,
    action: 'deliver',
    actor: delivery.actor,
    actorId: delivery.actorId,
    meta: delivery.meta,
    note: delivery.note,
    set: { deliveredAt: now },
  });
  const rented = await tx
    .select({ id: deviceOrderItems.id })
    .from(deviceOrderItems)
    .innerJoin(catalogueItems, eq(catalogueItems.id, deviceOrderItems.catalogueItemId))
    .where(and(eq(deviceOrderItems.orderId, order.id), eq(catalogueItems.supply, 'rental')))
    .limit(1);
  if (rented.length === 0) return delivered;
  return moveOrder(ctx, tx, {
    order: { ...order, status: delivered, version: order.version + 1 },
    action: 'start_rental',
    actor: 'system',
    actorId: null,
    meta: delivery.meta,
    set: { rentalStartedAt: now },
  });
}
