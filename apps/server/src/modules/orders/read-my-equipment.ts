import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { isPatientHold, type DeviceOrder, type MyEquipment, type OrderTask } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { resupplyPrompts, users } from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/index.ts';
import { clearSatisfiedHolds } from './clear-satisfied-holds.ts';
import { itemRows, orderViews, patientOrderRows } from './order-view.ts';

/**
 * `GET /patient/orders/`: "My equipment": the patient's orders, what they can do now (clear a
 * hold of their own, choose a delivery window, answer a resupply) and the resupplies due. Holds
 * their step has met are cleared first, so coming back from the step shows the order moving.
 * The reader's own name comes along for the proof of delivery's printed name: a caregiver's is
 * theirs, not the patient's.
 */
export async function readMyEquipment(ctx: AppContext, actor: Actor): Promise<MyEquipment> {
  return ctx.db.transaction(async (tx) => {
    await clearSatisfiedHolds(ctx, tx, [actor.patientId]);
    const rows = await patientOrderRows(tx, actor.patientId);
    const orders = await orderViews(ctx, tx, rows, { kind: 'patient' });
    const resupplies = await dueResupplies(ctx, tx, actor.patientId);
    await recordAudit(tx, actor.meta, {
      action: 'order.list',
      outcome: 'success',
      actorId: actor.patientId,
      subjectId: actor.patientId,
      target: 'device_orders',
      detail: { count: rows.length },
    });
    const signerName = await fullNameOf(tx, actor.userId);
    return { orders, tasks: tasksOf(orders, resupplies), resupplies, signer_name: signerName };
  });
}

function tasksOf(orders: readonly DeviceOrder[], resupplies: MyEquipment['resupplies']): OrderTask[] {
  const nameOf = (order: DeviceOrder | undefined) => order?.items[0]?.name ?? { gb: '', cn: '' };
  const tasks: OrderTask[] = [];
  for (const order of orders) {
    for (const hold of order.holds.filter((h) => isPatientHold(h.reason)))
      tasks.push({ kind: 'clear_hold', order_id: order.id, hold, prompt_id: null, name: nameOf(order) });
    if (order.slots.length > 0 && order.actions.includes('schedule'))
      tasks.push({
        kind: 'choose_slot',
        order_id: order.id,
        hold: null,
        prompt_id: null,
        name: nameOf(order),
      });
  }
  for (const prompt of resupplies) {
    const order = orders.find((o) => o.id === prompt.order_id);
    tasks.push({
      kind: 'answer_resupply',
      order_id: prompt.order_id,
      hold: null,
      prompt_id: prompt.id,
      name: prompt.items[0]?.name ?? nameOf(order),
    });
  }
  return tasks;
}

/** Reminders that are due and unanswered, each with the items that come round again. */
async function dueResupplies(
  ctx: AppContext,
  db: Queryable,
  patientId: string,
): Promise<MyEquipment['resupplies']> {
  const prompts = await db
    .select()
    .from(resupplyPrompts)
    .where(
      and(
        eq(resupplyPrompts.patientId, patientId),
        isNull(resupplyPrompts.answeredAt),
        lte(resupplyPrompts.eligibleAt, ctx.now()),
      ),
    )
    .orderBy(asc(resupplyPrompts.eligibleAt));
  if (prompts.length === 0) return [];
  const items = await itemRows(
    db,
    prompts.map((prompt) => prompt.orderId),
  );
  return prompts.map((prompt) => ({
    id: prompt.id,
    order_id: prompt.orderId,
    eligible_at: prompt.eligibleAt.toISOString(),
    items: items
      .filter((item) => item.orderId === prompt.orderId && item.resupplyDays !== null)
      .map((item) => item.view),
  }));
}

async function fullNameOf(db: Queryable, userId: string): Promise<string> {
  const [user] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return `${user!.firstName} ${user!.lastName}`;
}
