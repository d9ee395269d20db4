import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { PATIENT_HOLDS } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { deviceOrderHolds, deviceOrders } from '../../db/schema/index.ts';
import { clearHold, type OrderState } from './order-holds.ts';
import { unmetPrerequisites } from './order-prerequisites.ts';

/** Patients judged per transaction by the `orders` job. */
const JOB_BATCH = 200;

/**
 * Clears every open hold of the patients' orders that their own step has met since (a card added,
 * the BF-ADL answered, the form signed), as the server's moves; an order left with no hold goes
 * back to `submitted`. Every orders read runs it first, so the patient sees the hold gone the
 * moment they come back; the `orders` job catches the rest.
 */
export async function clearSatisfiedHolds(
  ctx: AppContext,
  tx: Queryable,
  patientIds: readonly string[],
): Promise<void> {
  if (patientIds.length === 0) return;
  if ((await openPatientHolds(tx, patientIds)).length === 0) return;
  // Two reads at once (the welcome page and "My equipment") would both clear the same hold: the
  // orders are locked, and the holds read again once the other has committed.
  await tx
    .select({ id: deviceOrders.id })
    .from(deviceOrders)
    .where(and(inArray(deviceOrders.patientId, [...patientIds]), eq(deviceOrders.status, 'on_hold')))
    .for('update');
  const held = await openPatientHolds(tx, patientIds);
  if (held.length === 0) return;
  const orders = new Map(held.map((row) => [row.id, row]));
  const unmet = await unmetPrerequisites(ctx, tx, [...orders.values()]);
  const states = new Map<string, OrderState>();
  for (const { reason, ...order } of held) {
    if (unmet.get(order.id)?.includes(reason)) continue;
    const state = states.get(order.id) ?? order;
    states.set(
      order.id,
      await clearHold(ctx, tx, state, reason, { actor: 'system', actorId: null, meta: null }),
    );
  }
}

/** The `orders` job: every patient with an open hold of their own, a batch per transaction. */
export async function runOrderJobs(ctx: AppContext): Promise<void> {
  const waiting = await ctx.db
    .selectDistinct({ patientId: deviceOrders.patientId })
    .from(deviceOrderHolds)
    .innerJoin(deviceOrders, eq(deviceOrders.id, deviceOrderHolds.orderId))
    .where(
      and(
        eq(deviceOrders.status, 'on_hold'),
        isNull(deviceOrderHolds.clearedAt),
        inArray(deviceOrderHolds.reason, [...PATIENT_HOLDS]),
      ),
    );
  const patientIds = waiting.map((row) => row.patientId);
  for (let start = 0; start < patientIds.length; start += JOB_BATCH) {
    const batch = patientIds.slice(start, start + JOB_BATCH);
    await ctx.db.transaction((tx) => clearSatisfiedHolds(ctx, tx, batch));
  }
}

/** The open holds the patients can clear, oldest first, with their orders. */
function openPatientHolds(tx: Queryable, patientIds: readonly string[]) {
  return tx
    .select({
      id: deviceOrders.id,
      patientId: deviceOrders.patientId,
      status: deviceOrders.status,
      version: deviceOrders.version,
      prescribedBy: deviceOrders.prescribedBy,
      prescribedAt: deviceOrders.prescribedAt,
      formAssignmentId: deviceOrders.formAssignmentId,
      reason: deviceOrderHolds.reason,
    })
    .from(deviceOrderHolds)
    .innerJoin(deviceOrders, eq(deviceOrders.id, deviceOrderHolds.orderId))
    .where(
      and(
        inArray(deviceOrders.patientId, [...patientIds]),
        eq(deviceOrders.status, 'on_hold'),
        isNull(deviceOrderHolds.clearedAt),
        inArray(deviceOrderHolds.reason, [...PATIENT_HOLDS]),
      ),
    )
    .orderBy(asc(deviceOrderHolds.openedAt));
}
