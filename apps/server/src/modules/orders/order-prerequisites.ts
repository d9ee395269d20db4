import { and, eq, inArray } from 'drizzle-orm';
import { BF_ADL_INSTRUMENT, HoldReason, type DocumentStatus } from '@portal/protocol';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Queryable, Transaction } from '../../db/database.ts';
import {
  catalogueItems,
  deviceOrderItems,
  deviceOrders,
  documentAssignments,
} from '../../db/schema/index.ts';
import { lastSubmittedAt } from '../assessment/index.ts';
import { createAssignments, OPEN_DOCUMENT_STATUSES } from '../documents/index.ts';
import { coveredPatients } from '../patient/index.ts';
import { openHold, type OrderState } from './order-holds.ts';

/** A detailed written order stands this long (device-orders.md: "missing or expired"). */
export const PRESCRIPTION_VALID_DAYS = 365;
const DAY_MS = 86_400_000;
/** The order's form counts once the patient has signed it, and still after the clinic countersigns. */
const SIGNED_STATUSES: readonly DocumentStatus[] = ['signed', 'completed'];

export interface PrerequisiteOrder {
  id: string;
  patientId: string;
  prescribedBy: string | null;
  prescribedAt: Date | null;
  formAssignmentId: string | null;
}

/** What an order's items ask before it ships, the strictest of them. */
interface Requirements {
  prescription: boolean;
  priorAuthorisation: boolean;
  bfAdlWithinDays: number | null;
  /** The first item's form: an order carries one form for the patient to sign. */
  formTemplateId: string | null;
}

async function requirementsOf(
  db: Queryable,
  orderIds: readonly string[],
): Promise<Map<string, Requirements>> {
  const rows = await db
    .select({
      orderId: deviceOrderItems.orderId,
      prescription: catalogueItems.requiresPrescription,
      priorAuthorisation: catalogueItems.requiresPriorAuthorisation,
      bfAdlWithinDays: catalogueItems.bfAdlWithinDays,
      formTemplateId: catalogueItems.formTemplateId,
    })
    .from(deviceOrderItems)
    .innerJoin(catalogueItems, eq(catalogueItems.id, deviceOrderItems.catalogueItemId))
    .where(inArray(deviceOrderItems.orderId, [...orderIds]))
    .orderBy(deviceOrderItems.orderId, deviceOrderItems.id);
  const byOrder = new Map<string, Requirements>();
  for (const row of rows) {
    const before = byOrder.get(row.orderId);
    byOrder.set(row.orderId, {
      prescription: row.prescription || (before?.prescription ?? false),
      priorAuthorisation: row.priorAuthorisation || (before?.priorAuthorisation ?? false),
      bfAdlWithinDays: strictest(before?.bfAdlWithinDays ?? null, row.bfAdlWithinDays),
      formTemplateId: before?.formTemplateId ?? row.formTemplateId,
    });
  }
  return byOrder;
}

const strictest = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

/**
 * The holds each order's prerequisites call for as things stand, by order id, in the state
 * table's order of reasons. A fixed number of queries for any number of orders and patients:
 * the `orders` job judges every waiting patient's orders at once.
 */
export async function unmetPrerequisites(
  ctx: AppContext,
  db: Queryable,
  orders: readonly PrerequisiteOrder[],
): Promise<Map<string, HoldReason[]>> {
  if (orders.length === 0) return new Map();
  const patientIds = [...new Set(orders.map((order) => order.patientId))];
  const formIds = orders.flatMap((order) => (order.formAssignmentId ? [order.formAssignmentId] : []));
  // One after another: `db` may be a transaction, one connection (db/in-turn.ts).
  const requirements = await requirementsOf(
    db,
    orders.map((order) => order.id),
  );
  const covered = await coveredPatients(db, patientIds);
  const assessedAt = await lastSubmittedAt(db, patientIds, BF_ADL_INSTRUMENT);
  const signedForms = await signedAssignments(db, formIds);
  const now = ctx.now().getTime();
  const unmet = new Map<string, HoldReason[]>();
  for (const order of orders) {
    const needs = requirements.get(order.id);
    const missing = new Set<HoldReason>();
    if (needs?.prescription && !prescriptionStands(order, now)) missing.add('prescription_needed');
    if (needs?.priorAuthorisation) missing.add('prior_authorisation_pending');
    if (!covered.has(order.patientId)) missing.add('insurance_issue');
    if (needs?.bfAdlWithinDays != null) {
      const last = assessedAt.get(order.patientId);
      if (!last || last.getTime() < now - needs.bfAdlWithinDays * DAY_MS) missing.add('assessment_needed');
    }
    if (needs?.formTemplateId && !(order.formAssignmentId && signedForms.has(order.formAssignmentId)))
      missing.add('signature_needed');
    unmet.set(
      order.id,
      HoldReason.options.filter((reason) => missing.has(reason)),
    );
  }
  return unmet;
}

function prescriptionStands(order: PrerequisiteOrder, now: number): boolean {
  return (
    order.prescribedBy !== null &&
    order.prescribedAt !== null &&
    order.prescribedAt.getTime() >= now - PRESCRIPTION_VALID_DAYS * DAY_MS
  );
}

async function signedAssignments(db: Queryable, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: documentAssignments.id })
    .from(documentAssignments)
    .where(
      and(
        inArray(documentAssignments.id, [...ids]),
        inArray(documentAssignments.status, [...SIGNED_STATUSES]),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/**
 * At submission: sends the order's form to the patient (an open copy of the same form is reused:
 * two of them would confuse), then holds the order once for each prerequisite not in place, as
 * the server's own moves. Answers the order as it then stands.
 */
export async function placePrerequisiteHolds(
  ctx: AppContext,
  tx: Transaction,
  order: OrderState & PrerequisiteOrder & { createdBy: string | null },
  meta: RequestMeta | null,
): Promise<OrderState> {
  const needs = (await requirementsOf(tx, [order.id])).get(order.id);
  let formAssignmentId = order.formAssignmentId;
  if (needs?.formTemplateId && !formAssignmentId) {
    formAssignmentId = await sendOrderForm(ctx, tx, order, needs.formTemplateId, meta);
    await tx.update(deviceOrders).set({ formAssignmentId }).where(eq(deviceOrders.id, order.id));
  }
  const reasons = (await unmetPrerequisites(ctx, tx, [{ ...order, formAssignmentId }])).get(order.id) ?? [];
  let state: OrderState = order;
  for (const reason of reasons) {
    state = await openHold(ctx, tx, state, reason, { actor: 'system', actorId: null, meta });
  }
  return state;
}

async function sendOrderForm(
  ctx: AppContext,
  tx: Transaction,
  order: PrerequisiteOrder & { createdBy: string | null },
  templateId: string,
  meta: RequestMeta | null,
): Promise<string> {
  const [open] = await tx
    .select({ id: documentAssignments.id })
    .from(documentAssignments)
    .where(
      and(
        eq(documentAssignments.patientId, order.patientId),
        eq(documentAssignments.templateId, templateId),
        inArray(documentAssignments.status, [...OPEN_DOCUMENT_STATUSES]),
      ),
    )
    .orderBy(documentAssignments.createdAt)
    .limit(1);
  if (open) return open.id;
  const [id] = await createAssignments(ctx, tx, {
    templateId,
    patientIds: [order.patientId],
    dueAt: null,
    send: true,
    adminId: order.createdBy ?? order.prescribedBy,
    meta,
  });
  return id!;
}
