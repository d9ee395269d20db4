import { sql, type SQL } from 'drizzle-orm';
import { WORKLIST_QUEUES, type WorklistQueue } from '@portal/protocol';
import type { Queryable } from '../../../db/database.ts';
import { worklistAssignees } from '../../../db/schema/index.ts';
import { queueSql } from './queue-sql.ts';

/**
 * A queue row's item: its document on the document queues, its prompt on resupplies due, its
 * order on the other order queues, else the patient.
 */
export const itemIdOf = sql`coalesce(q.assignment_id, q.prompt_id, q.order_id, q.patient_id)`;

/** The same for a row read into JavaScript. */
export const itemIdOfRow = (row: {
  patient_id: string;
  assignment_id: string | null;
  order_id: string | null;
  prompt_id: string | null;
}): string => row.assignment_id ?? row.prompt_id ?? row.order_id ?? row.patient_id;

/** The queue row `q` is assigned to `adminId`. */
export const assignedTo = (queue: WorklistQueue, adminId: string): SQL =>
  sql`exists (select 1 from ${worklistAssignees} wa
    where wa.queue = ${queue} and wa.item_id = ${itemIdOf} and wa.assignee_id = ${adminId})`;

/** Whether the item is in its queue at `now`. */
export async function itemInQueue(
  db: Queryable,
  queue: WorklistQueue,
  now: Date,
  item: { patientId: string; itemId: string },
): Promise<boolean> {
  const { source } = queueSql(queue, now);
  const result = await db.execute(
    sql`select 1 from (${source}) q where q.patient_id = ${item.patientId} and ${itemIdOf} = ${item.itemId} limit 1`,
  );
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/**
 * Assignments whose item has left its queue (reviewed, answered, signed, read): the housekeeping
 * purge deletes them, so an item that comes back later comes back untaken.
 */
export function staleWorklistAssignments(now: Date): SQL {
  const left = WORKLIST_QUEUES.map(
    (queue) =>
      sql`(${worklistAssignees.queue} = ${queue} and not exists (
        select 1 from (${queueSql(queue, now).source}) q where ${itemIdOf} = ${worklistAssignees.itemId}))`,
  );
  return sql`(${sql.join(left, sql` or `)})`;
}
