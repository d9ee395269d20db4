import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { HoldReason, OrderStatus } from '@portal/protocol';
import type { Queryable } from '../src/db/database.ts';
import {
  catalogueItems,
  deviceDeliveries,
  deviceOrderHolds,
  deviceOrderItems,
  deviceOrders,
  documentFiles,
  resupplyPrompts,
} from '../src/db/schema/index.ts';

/**
 * Orders written straight into the tables, in any status and at any time: for tests that read
 * orders (the worklist's queues), not for the moves, which go through the orders module.
 */

export async function insertCatalogueItem(
  db: Queryable,
  item: { nameGb: string; nameCn: string; rentalMonths?: number },
): Promise<string> {
  const [row] = await db
    .insert(catalogueItems)
    .values({
      hcpcs: item.rentalMonths ? 'E1130' : 'E0143',
      category: 'mobility',
      nameGb: item.nameGb,
      nameCn: item.nameCn,
      supply: item.rentalMonths ? 'rental' : 'purchase',
      rentalMonths: item.rentalMonths ?? null,
    })
    .returning({ id: catalogueItems.id });
  return row!.id;
}

export interface OrderRow {
  patientId: string;
  status: OrderStatus;
  items: readonly string[];
  approvedAt?: Date;
  deliveryStartsAt?: Date;
  deliveryEndsAt?: Date;
  dispatchedAt?: Date;
  deliveredAt?: Date;
  rentalStartedAt?: Date;
  holds?: readonly { reason: HoldReason; openedAt: Date; clearedAt?: Date }[];
}

export async function insertOrder(db: Queryable, order: OrderRow): Promise<string> {
  const [row] = await db
    .insert(deviceOrders)
    .values({
      patientId: order.patientId,
      status: order.status,
      approvedAt: order.approvedAt ?? null,
      deliveryStartsAt: order.deliveryStartsAt ?? null,
      deliveryEndsAt: order.deliveryEndsAt ?? null,
      dispatchedAt: order.dispatchedAt ?? null,
      deliveredAt: order.deliveredAt ?? null,
    })
    .returning({ id: deviceOrders.id });
  const orderId = row!.id;
  await db
    .insert(deviceOrderItems)
    .values(order.items.map((catalogueItemId) => ({ orderId, catalogueItemId, quantity: 1 })));
  // Started once the items are in, as recordDelivery does: migration 0022's trigger takes the
  // rental's end from them.
  if (order.rentalStartedAt)
    await db
      .update(deviceOrders)
      .set({ rentalStartedAt: order.rentalStartedAt })
      .where(eq(deviceOrders.id, orderId));
  if (order.holds?.length)
    await db.insert(deviceOrderHolds).values(
      order.holds.map((hold) => ({
        orderId,
        reason: hold.reason,
        openedAt: hold.openedAt,
        clearedAt: hold.clearedAt ?? null,
      })),
    );
  return orderId;
}

/** A signed proof of delivery for the order (its PDF an opaque blob: nobody opens it here). */
export async function insertProof(db: Queryable, orderId: string, signedAt: Date): Promise<void> {
  const fileId = randomUUID();
  await db
    .insert(documentFiles)
    .values({ id: fileId, mime: 'application/pdf', size: 1, sha256: '00', data: Buffer.from([0]) });
  await db
    .insert(deviceDeliveries)
    .values({ orderId, signedFileId: fileId, details: Buffer.from([0]), signedAt });
}

export async function insertResupplyPrompt(
  db: Queryable,
  prompt: { patientId: string; orderId: string; eligibleAt: Date; answeredAt?: Date },
): Promise<string> {
  const [row] = await db
    .insert(resupplyPrompts)
    .values({
      patientId: prompt.patientId,
      orderId: prompt.orderId,
      eligibleAt: prompt.eligibleAt,
      answeredAt: prompt.answeredAt ?? null,
    })
    .returning({ id: resupplyPrompts.id });
  return row!.id;
}
