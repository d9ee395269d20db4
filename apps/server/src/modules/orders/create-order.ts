import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { Codes, ProtocolError, type FieldError, type OrderActor } from '@portal/protocol';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { catalogueItems, deviceOrderItems, deviceOrders } from '../../db/schema/index.ts';
import { isPatient } from '../patient/index.ts';
import { moveOrder, orderNoteContext, recordOrderEvent } from './move-order.ts';
import { placePrerequisiteHolds } from './order-prerequisites.ts';

export interface NewOrder {
  patientId: string;
  items: readonly { catalogueItemId: string; quantity: number }[];
  /** May be ''. */
  note: string;
  /** False keeps a draft. */
  submit: boolean;
  /** The clinician; a resupply copies the source order's. */
  prescribedBy: string | null;
  prescribedAt: Date | null;
  /** Null when the server creates it (a confirmed resupply). */
  createdBy: string | null;
  resupplyOf: string | null;
  /** 'prescriber' or 'system'. */
  actor: OrderActor;
  meta: RequestMeta | null;
}

/**
 * Inserts an order and its items and records its creation; asked to submit, it submits and holds
 * the order for every prerequisite its catalogue items name that is not in place. 10404 when the
 * patient is not one; 10400 naming each item that is unknown or no longer offered.
 */
export async function createOrder(ctx: AppContext, tx: Transaction, order: NewOrder): Promise<string> {
  if (!(await isPatient(tx, order.patientId))) throw new ProtocolError(Codes.itemsNotFound);
  await refuseUnofferedItems(tx, order.items);
  const id = randomUUID();
  const now = ctx.now();
  await tx.insert(deviceOrders).values({
    id,
    patientId: order.patientId,
    status: 'draft',
    prescribedBy: order.prescribedBy,
    prescribedAt: order.prescribedAt,
    createdBy: order.createdBy,
    resupplyOf: order.resupplyOf,
    note: order.note ? ctx.cipher.encrypt(Buffer.from(order.note, 'utf8'), orderNoteContext(id)) : null,
    createdAt: now,
    updatedAt: now,
  });
  await tx.insert(deviceOrderItems).values(
    order.items.map((item) => ({
      orderId: id,
      catalogueItemId: item.catalogueItemId,
      quantity: item.quantity,
    })),
  );
  const draft = { id, patientId: order.patientId, status: 'draft' as const, version: 1 };
  const change = { actor: order.actor, actorId: order.createdBy, meta: order.meta };
  // The clinician's note reads on the order's first line of history, for staff only.
  await recordOrderEvent(ctx, tx, {
    order: draft,
    action: 'create',
    toStatus: 'draft',
    note: order.note,
    ...change,
  });
  if (!order.submit) return id;
  const status = await moveOrder(ctx, tx, {
    order: draft,
    action: 'submit',
    set: { submittedAt: now },
    ...change,
  });
  await placePrerequisiteHolds(
    ctx,
    tx,
    {
      ...draft,
      status,
      version: 2,
      prescribedBy: order.prescribedBy,
      prescribedAt: order.prescribedAt,
      createdBy: order.createdBy,
      formAssignmentId: null,
    },
    order.meta,
  );
  return id;
}

async function refuseUnofferedItems(tx: Transaction, items: NewOrder['items']): Promise<void> {
  const ids = [...new Set(items.map((item) => item.catalogueItemId))];
  const offered = await tx
    .select({ id: catalogueItems.id })
    .from(catalogueItems)
    .where(and(inArray(catalogueItems.id, ids), eq(catalogueItems.active, true)));
  const offeredIds = new Set(offered.map((row) => row.id));
  const errors: FieldError[] = items.flatMap((item, index) =>
    offeredIds.has(item.catalogueItemId)
      ? []
      : [{ path: `items.${index}.catalogue_item_id`, message: 'Not in the catalogue' }],
  );
  if (errors.length > 0) throw new ProtocolError(Codes.validation, errors[0]!.message, errors);
}
