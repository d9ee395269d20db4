import { inArray, sql, type SQL } from 'drizzle-orm';
import type { HoldReason, WorklistQueue } from '@portal/protocol';
import type { AppContext } from '../../../context.ts';
import { findPatientsBornOn } from '../../patient/index.ts';
import { escapeLike } from '../../../db/escape-like.ts';
import { assignedTo } from './assignee-queries.ts';
import { queueSql } from './queue-sql.ts';
import { typedDate } from './typed-date.ts';

/**
 * The search box finds a patient by the start of their e-mail, full name or family name, as the
 * users page does (plain columns), or by their date of birth when the text is a date: that is
 * encrypted in the profile and found by its keyed hash; a profile not hashed yet is opened only
 * if the patient is in this queue (decisions 0030, 0041).
 */
async function searchOf(ctx: AppContext, queue: WorklistQueue, now: Date, text: string): Promise<SQL> {
  const born = typedDate(text);
  if (born) {
    const candidates = sql`(select q.patient_id from (${queueSql(queue, now).source}) q)`;
    const ids = await findPatientsBornOn(ctx, ctx.db, candidates, born);
    return ids.length > 0 ? inArray(sql`q.patient_id`, ids) : sql`false`;
  }
  const prefix = `${escapeLike(text.toLowerCase())}%`;
  return sql`(lower(u.email) like ${prefix} or lower(u.first_name || ' ' || u.last_name) like ${prefix}
    or lower(u.last_name) like ${prefix})`;
}

/**
 * The order on hold has an open hold of `reason` (it may have others too). A probe per order, not
 * an `exists`: the planner turns an `exists` into a hash join of every order on hold, where the
 * page wants the oldest few and can walk the queue's index in order, probing each.
 */
const heldFor = (reason: HoldReason): SQL =>
  sql`coalesce((select true from device_order_holds h
    where h.order_id = q.order_id and h.cleared_at is null and h.reason = ${reason} limit 1), false)`;

/**
 * What narrows a queue (a search, the caller's own items, a hold reason; `where` null when nothing
 * does); `names` when the narrowing reads the patients' names (`u`), which a search by name needs
 * before the page is cut and nothing else does.
 */
export interface Narrowing {
  where: SQL | null;
  names: boolean;
}

export async function narrowingOf(
  ctx: AppContext,
  queue: WorklistQueue,
  now: Date,
  query: {
    q?: string | undefined;
    mine?: boolean | undefined;
    hold_reason?: HoldReason | undefined;
    adminId: string;
  },
): Promise<Narrowing> {
  const conditions = [
    query.q ? await searchOf(ctx, queue, now, query.q) : null,
    query.mine ? assignedTo(queue, query.adminId) : null,
    queue === 'orders_on_hold' && query.hold_reason ? heldFor(query.hold_reason) : null,
  ].filter((condition): condition is SQL => condition !== null);
  return {
    where: conditions.length > 0 ? sql.join(conditions, sql` and `) : null,
    names: query.q !== undefined && query.q !== '' && typedDate(query.q) === null,
  };
}
