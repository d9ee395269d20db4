import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  ORDER_OVERDUE_DAYS,
  orderActionsFor,
  type DeviceOrder,
  type HoldReason,
  type OrderActor,
  type OrderHold,
  type OrderItem,
} from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import {
  catalogueItems,
  deviceDeliveries,
  deviceOrderEvents,
  deviceOrderHolds,
  deviceOrderItems,
  deviceOrders,
  deviceOrderSlots,
  users,
} from '../../db/schema/index.ts';
import { addMonths } from '../../lib/add-months.ts';
import { orderNoteContext } from './move-order.ts';

/**
 * Who reads: staff see every note and name; a patient (or their caregiver) sees no staff note,
 * the clinic's people as "the clinic" (a null name) and their own side by name.
 */
export type OrderReader = { kind: 'staff'; actor: 'prescriber' | 'orders_desk' } | { kind: 'patient' };

export type OrderRow = typeof deviceOrders.$inferSelect;

const DAY_MS = 86_400_000;
const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The step that clears a hold the patient can clear (PATIENT_HOLDS); null on the staff's own. */
const HOLD_STEPS: Partial<Record<HoldReason, OrderHold['step']>> = {
  insurance_issue: 'add_insurance',
  assessment_needed: 'answer_bf_adl',
  signature_needed: 'sign_form',
};

/** A patient's orders, newest first. */
export async function patientOrderRows(db: Queryable, patientId: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(deviceOrders)
    .where(eq(deviceOrders.patientId, patientId))
    .orderBy(desc(deviceOrders.createdAt), desc(deviceOrders.id));
}

/** The rows as their reader sees them: six queries whatever the number of orders. */
export async function orderViews(
  ctx: AppContext,
  db: Queryable,
  rows: readonly OrderRow[],
  reader: OrderReader,
): Promise<DeviceOrder[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  // One after another: `db` may be a transaction, one connection (db/in-turn.ts).
  const items = await itemRows(db, ids);
  const holds = await db
    .select()
    .from(deviceOrderHolds)
    .where(and(inArray(deviceOrderHolds.orderId, ids), isNull(deviceOrderHolds.clearedAt)))
    .orderBy(asc(deviceOrderHolds.openedAt));
  const slots = await db
    .select()
    .from(deviceOrderSlots)
    .where(and(inArray(deviceOrderSlots.orderId, ids), isNull(deviceOrderSlots.withdrawnAt)))
    .orderBy(asc(deviceOrderSlots.startsAt));
  const events = await db
    .select({
      event: deviceOrderEvents,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(deviceOrderEvents)
    .leftJoin(users, eq(users.id, deviceOrderEvents.actorId))
    .where(inArray(deviceOrderEvents.orderId, ids))
    .orderBy(asc(deviceOrderEvents.at), asc(deviceOrderEvents.id));
  const proofs = await db
    .select({ orderId: deviceDeliveries.orderId })
    .from(deviceDeliveries)
    .where(inArray(deviceDeliveries.orderId, ids));
  const prescribers = await namesOf(
    db,
    rows.flatMap((row) => (row.prescribedBy ? [row.prescribedBy] : [])),
  );
  const proved = new Set(proofs.map((row) => row.orderId));
  const now = ctx.now();
  const actor: OrderActor = reader.kind === 'staff' ? reader.actor : 'patient';
  return rows.map((row) => {
    const own = <T extends { orderId: string }>(list: readonly T[]) =>
      list.filter((x) => x.orderId === row.id);
    const orderItems = own(items);
    return {
      id: row.id,
      patient_id: row.patientId,
      status: row.status,
      version: row.version,
      items: orderItems.map((item) => item.view),
      holds: own(holds).map((hold) => ({
        id: hold.id,
        reason: hold.reason,
        opened_at: hold.openedAt.toISOString(),
        step: HOLD_STEPS[hold.reason] ?? null,
        assignment_id: hold.reason === 'signature_needed' ? row.formAssignmentId : null,
      })),
      // Choosing a window withdraws the offer (choose-delivery-slot.ts): what is left is open.
      slots: own(slots).map((slot) => ({
        id: slot.id,
        starts_at: slot.startsAt.toISOString(),
        ends_at: slot.endsAt.toISOString(),
      })),
      delivery:
        row.deliveryStartsAt && row.deliveryEndsAt
          ? { starts_at: row.deliveryStartsAt.toISOString(), ends_at: row.deliveryEndsAt.toISOString() }
          : null,
      prescribed_by: row.prescribedBy ? (prescribers.get(row.prescribedBy) ?? null) : null,
      created_at: row.createdAt.toISOString(),
      approved_at: iso(row.approvedAt),
      delivered_at: iso(row.deliveredAt),
      rental: rentalOf(row, now),
      maintenance_due_at: maintenanceDue(row, orderItems),
      overdue:
        (row.status === 'approved' || row.status === 'delivery_scheduled') &&
        row.approvedAt !== null &&
        row.dispatchedAt === null &&
        row.approvedAt.getTime() < now.getTime() - ORDER_OVERDUE_DAYS * DAY_MS,
      has_proof: proved.has(row.id),
      resupply_of: row.resupplyOf,
      thread_id: row.threadId,
      actions: orderActionsFor(row.status, actor),
      events: events
        .filter(({ event }) => event.orderId === row.id)
        .map(({ event, firstName, lastName }) => {
          const named = firstName !== null && lastName !== null ? `${firstName} ${lastName}` : null;
          return {
            at: event.at.toISOString(),
            action: event.action,
            actor: event.actor,
            actor_name: reader.kind === 'staff' || event.actor === 'patient' ? named : null,
            from_status: event.fromStatus,
            to_status: event.toStatus,
            hold_reason: event.holdReason,
            note:
              reader.kind === 'staff' && event.note
                ? ctx.cipher.decrypt(event.note, orderNoteContext(row.id)).toString('utf8')
                : null,
          };
        }),
    };
  });
}

interface ItemRow {
  orderId: string;
  view: OrderItem;
  maintenanceMonths: number | null;
  resupplyDays: number | null;
}

/** The items of the orders with their catalogue entries, in the order they were written. */
export async function itemRows(db: Queryable, orderIds: readonly string[]): Promise<ItemRow[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({ item: deviceOrderItems, catalogue: catalogueItems })
    .from(deviceOrderItems)
    .innerJoin(catalogueItems, eq(catalogueItems.id, deviceOrderItems.catalogueItemId))
    .where(inArray(deviceOrderItems.orderId, [...orderIds]))
    .orderBy(asc(deviceOrderItems.id));
  return rows.map(({ item, catalogue }) => ({
    orderId: item.orderId,
    maintenanceMonths: catalogue.maintenanceMonths,
    resupplyDays: catalogue.resupplyDays,
    view: {
      id: item.id,
      catalogue_item_id: catalogue.id,
      hcpcs: catalogue.hcpcs,
      name: { gb: catalogue.nameGb, cn: catalogue.nameCn },
      category: catalogue.category,
      supply: catalogue.supply,
      quantity: item.quantity,
      serial_number: item.serialNumber,
      manual_template_id: catalogue.manualTemplateId,
      prepare: { gb: catalogue.prepareGb, cn: catalogue.prepareCn },
    },
  }));
}

async function namesOf(db: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, `${row.firstName} ${row.lastName}`]));
}

/**
 * The rental's months count from the date of service (record-delivery.ts) to the end migration
 * 0022's trigger fixed when it started, by its longest-rented item.
 */
function rentalOf(row: OrderRow, now: Date): DeviceOrder['rental'] {
  const { rentalStartedAt: started, rentalEndsAt: ends } = row;
  if (!started || !ends) return null;
  let months = 0;
  while (addMonths(started, months) < ends) months += 1;
  let elapsed = 0;
  while (elapsed < months && addMonths(started, elapsed + 1) <= now) elapsed += 1;
  return {
    started_at: started.toISOString(),
    months_total: months,
    months_used: Math.min(elapsed + 1, months),
    ends_at: ends.toISOString(),
  };
}

function maintenanceDue(row: OrderRow, items: readonly ItemRow[]): string | null {
  const months = items
    .map((item) => item.maintenanceMonths)
    .filter((m): m is number => m !== null)
    .sort((a, b) => a - b)[0];
  return row.deliveredAt && months ? addMonths(row.deliveredAt, months).toISOString() : null;
}

/** One order as the reader sees it, by id (the answer of every write). */
export async function orderView(
  ctx: AppContext,
  db: Queryable,
  orderId: string,
  reader: OrderReader,
): Promise<DeviceOrder> {
  const rows = await db.select().from(deviceOrders).where(eq(deviceOrders.id, orderId));
  const [view] = await orderViews(ctx, db, rows, reader);
  return view!;
}
