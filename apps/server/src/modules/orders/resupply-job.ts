import { and, inArray, ne, sql } from 'drizzle-orm';
import type { Locale } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { users } from '../../db/schema/index.ts';
import { recordAudits } from '../audit/index.ts';

/** Prompts written per transaction: a backlog of thousands goes in short transactions. */
export const RESUPPLY_BATCH = 500;

interface DuePrompt {
  id: string;
  patient_id: string;
  order_id: string;
}

/**
 * A delivered order whose items come round again is due when the shortest resupply interval of
 * those items has passed since the date of service (device-orders.md: eligibility counts from
 * the last delivery). One INSERT … SELECT writes the prompts of a whole batch; the unique order
 * key makes a second run, or a second node, write none again.
 */
async function promptDueOrders(tx: Transaction, now: Date): Promise<DuePrompt[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await tx.execute(sql`
    insert into resupply_prompts (patient_id, order_id, eligible_at, reminded_at)
    select o.patient_id, o.id, o.delivered_at + make_interval(days => min(c.resupply_days)), ${at}
    from device_orders o
    join device_order_items i on i.order_id = o.id
    join catalogue_items c on c.id = i.catalogue_item_id
    where o.status in ('delivered', 'in_rental', 'completed')
      and o.delivered_at is not null
      and c.resupply_days is not null
      and not exists (select 1 from resupply_prompts p where p.order_id = o.id)
    group by o.id
    having o.delivered_at + make_interval(days => min(c.resupply_days)) <= ${at}
    limit ${RESUPPLY_BATCH}
    on conflict (order_id) do nothing
    returning id, patient_id, order_id`);
  return (result as unknown as { rows: DuePrompt[] }).rows;
}

/** One batch: the prompts, their mails (queued with them) and audit rows, in one transaction. */
async function remindBatch(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const prompts = await promptDueOrders(tx, now);
    if (prompts.length === 0) return 0;
    const patientIds = [...new Set(prompts.map((prompt) => prompt.patient_id))];
    const recipients = await tx
      .select({ email: users.email, locale: users.locale })
      .from(users)
      .where(and(inArray(users.id, patientIds), ne(users.status, 'deactivated')));
    const link = `${ctx.config.publicUrl}/equipment`;
    for (const recipient of recipients) {
      const locale: Locale = recipient.locale === 'cn' ? 'cn' : 'gb';
      await ctx.mailer.send({ to: recipient.email, template: 'resupply_due', locale, vars: { link } }, tx);
    }
    await recordAudits(
      tx,
      null,
      prompts.map((prompt) => ({
        action: 'order.resupply_remind' as const,
        outcome: 'success' as const,
        actorId: null,
        subjectId: prompt.patient_id,
        target: `device_orders:${prompt.order_id}` as const,
      })),
    );
    return prompts.length;
  });
}

/** The resupply reminders due now, batch after batch until none is left. */
export async function remindResupplies(ctx: AppContext): Promise<number> {
  let total = 0;
  for (;;) {
    const reminded = await remindBatch(ctx);
    total += reminded;
    if (reminded < RESUPPLY_BATCH) return total;
  }
}
