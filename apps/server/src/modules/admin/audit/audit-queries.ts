import { and, count, desc, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias, unionAll, type PgColumn } from 'drizzle-orm/pg-core';
import type { AuditEntry } from '@portal/protocol';
import type { Queryable } from '../../../db/database.ts';
import { rowsOf } from '../../../db/rows-of.ts';
import { auditLog, fhirClients, users } from '../../../db/schema/index.ts';
import { escapeLike } from '../../../db/escape-like.ts';

export interface AuditFilter {
  /** A user id, or the start of an e-mail address. */
  actor?: string | undefined;
  subject?: string | undefined;
  /** The start of the subject's full name or family name. */
  subjectName?: string | undefined;
  /** A user id that acted or was acted upon (the user detail page's trail). */
  person?: string | undefined;
  /** The start of an action name: `admin.user` finds every user change. */
  action?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** By id, or through the e-mail index (users_email_search_idx) for a typed address. */
function personIs(column: PgColumn, value: string): SQL {
  if (UUID.test(value)) return eq(column, value.toLowerCase());
  const prefix = `${escapeLike(value.toLowerCase())}%`;
  return inArray(column, sql`(select ${users.id} from ${users} where lower(${users.email}) like ${prefix})`);
}

/** Through the name indexes of migration 0005 (users_name_search_idx, users_last_name_search_idx). */
function personNamed(column: PgColumn, name: string): SQL {
  const prefix = `${escapeLike(name.toLowerCase())}%`;
  return inArray(
    column,
    sql`(select ${users.id} from ${users}
      where lower(${users.firstName} || ' ' || ${users.lastName}) like ${prefix} or lower(${users.lastName}) like ${prefix})`,
  );
}

/** A filter whose action prefix has been looked up (`resolveAuditFilter`): the actions it names. */
export type ResolvedAuditFilter = Omit<AuditFilter, 'action'> & { actions?: readonly string[] };

/**
 * Turns the action prefix into the distinct actions of the log that start with it (decision
 * 0043), so that each can be read newest first from `audit_action_at_idx`: a prefix read in time
 * order walks the whole log's time index past every other action. The log is asked rather than
 * the catalogue, since rows keep the actions of older releases. One index probe per distinct
 * action from the prefix on (a skip scan): a hundred or so, whatever the log's size.
 */
export async function resolveAuditFilter(db: Queryable, filter: AuditFilter): Promise<ResolvedAuditFilter> {
  const { action: start, ...rest } = filter;
  if (start === undefined) return rest;
  const found = rowsOf<{ action: string }>(
    await db.execute(sql`with recursive seen(action) as (
        (select action from ${auditLog} where action >= ${start} order by action limit 1)
        union all
        select (select later.action from ${auditLog} later where later.action > seen.action
          order by later.action limit 1)
        from seen where seen.action is not null)
      select action from seen where starts_with(action, ${start})`),
  );
  return { ...rest, actions: found.map((row) => row.action) };
}

/** Every condition of the filter but the actions, which `newestMatching` walks one at a time. */
function whereOf(filter: ResolvedAuditFilter): SQL | undefined {
  return and(
    filter.actor ? personIs(auditLog.actorId, filter.actor) : undefined,
    filter.subject ? personIs(auditLog.subjectId, filter.subject) : undefined,
    filter.subjectName ? personNamed(auditLog.subjectId, filter.subjectName) : undefined,
    filter.person
      ? or(eq(auditLog.actorId, filter.person), eq(auditLog.subjectId, filter.person))
      : undefined,
    filter.from ? gte(auditLog.at, filter.from) : undefined,
    filter.to ? lt(auditLog.at, filter.to) : undefined,
  );
}

/**
 * One named action as a range of itself, walked in its order: with an equality the planner drops
 * the action from the order and, its statistics saying the action is common, may walk
 * `audit_at_idx` instead, past every newer row of other actions (108,000 of them in a bench:
 * 128 ms, not 0.6); and a count, which has no order of its own, may scan the whole log for an
 * action rarer than its cap (chart.read at 1,000 patients: p99 597 ms).
 */
const actionRange = (action: string) => and(gte(auditLog.action, action), lte(auditLog.action, action));

/**
 * The newest `take` matching rows' keys, newest first: one walk per named action, merged by time,
 * so each branch stops after `take` rows of its own action however many others came since.
 */
function newestMatching(db: Queryable, filter: ResolvedAuditFilter, after: SQL | undefined, take: number) {
  const walk = (where: SQL | undefined, order: SQL[]) =>
    db
      .select({ id: auditLog.id, at: auditLog.at })
      .from(auditLog)
      .where(and(whereOf(filter), where, after))
      .orderBy(...order, desc(auditLog.at), desc(auditLog.id))
      .limit(take);
  const ofAction = (action: string) => walk(actionRange(action), [desc(auditLog.action)]);
  const { actions } = filter;
  if (actions === undefined) return walk(undefined, []).as('matched');
  const [first, second, ...rest] = actions.map(ofAction);
  if (first === undefined) return walk(sql`false`, []).as('matched');
  if (second === undefined) return first.as('matched');
  return unionAll(first, second, ...rest)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(take)
    .as('matched');
}

const actorUser = alias(users, 'actor_user');
const subjectUser = alias(users, 'subject_user');

type Person = { id: string | null; email: string | null; first: string | null; last: string | null };
const personOf = (p: Person): AuditEntry['actor'] =>
  p.id === null ? null : { id: p.id, email: p.email, name: p.first === null ? null : `${p.first} ${p.last}` };

/** Where a keyset read of the log stopped: the last row's time as PostgreSQL wrote it (microseconds) and id. */
export interface AuditCursor {
  at: string;
  id: number;
}

/** Newest first; ties on time break on id, so pages never overlap. */
export async function findAuditEntries(
  db: Queryable,
  filter: ResolvedAuditFilter,
  window: { limit: number; offset: number },
): Promise<{ items: AuditEntry[] }> {
  const matched = newestMatching(db, filter, undefined, window.offset + window.limit);
  const rows = await selectEntries(db, matched).limit(window.limit).offset(window.offset);
  return { items: rows.map(entryOf) };
}

/**
 * The next `limit` rows after `after` in the viewer's order, by keyset on (at, id): each batch is an
 * index walk from where the last one stopped, however deep the export has gone.
 */
export async function findAuditBatch(
  db: Queryable,
  filter: ResolvedAuditFilter,
  after: AuditCursor | null,
  limit: number,
): Promise<{ items: AuditEntry[]; last: AuditCursor | null }> {
  const before = after
    ? sql`(${auditLog.at}, ${auditLog.id}) < (${after.at}::timestamptz, ${after.id})`
    : undefined;
  const rows = await selectEntries(db, newestMatching(db, filter, before, limit)).limit(limit);
  const tail = rows.at(-1);
  return { items: rows.map(entryOf), last: tail ? { at: tail.exactAt, id: tail.row.id } : null };
}

/** The rows `matched` keys, with the names of who acted and who was acted upon. */
function selectEntries(db: Queryable, matched: ReturnType<typeof newestMatching>) {
  return (
    db
      .select({
        row: auditLog,
        // A JavaScript Date keeps milliseconds; a keyset cursor needs the time to the microsecond.
        exactAt: sql<string>`${auditLog.at}::text`,
        actorEmail: actorUser.email,
        actorFirst: actorUser.firstName,
        actorLast: actorUser.lastName,
        actorClient: fhirClients.name,
        subjectEmail: subjectUser.email,
        subjectFirst: subjectUser.firstName,
        subjectLast: subjectUser.lastName,
      })
      .from(matched)
      .innerJoin(auditLog, eq(auditLog.id, matched.id))
      .leftJoin(actorUser, eq(actorUser.id, auditLog.actorId))
      // Decision 0036: a FHIR client acts under its own id; the viewer names it as the clinic did.
      .leftJoin(fhirClients, eq(fhirClients.id, auditLog.actorId))
      .leftJoin(subjectUser, eq(subjectUser.id, auditLog.subjectId))
      .orderBy(desc(matched.at), desc(matched.id))
  );
}

type SelectedRow = Awaited<ReturnType<typeof selectEntries>>[number];

function entryOf({ row, ...who }: SelectedRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    outcome: row.outcome,
    // A row whose account is gone still names its id: evidence outlives accounts.
    actor:
      who.actorClient !== null && who.actorFirst === null
        ? { id: row.actorId!, email: null, name: who.actorClient }
        : personOf({ id: row.actorId, email: who.actorEmail, first: who.actorFirst, last: who.actorLast }),
    subject: personOf({
      id: row.subjectId,
      email: who.subjectEmail,
      first: who.subjectFirst,
      last: who.subjectLast,
    }),
    grant_id: row.grantId,
    target: row.target,
    ip: row.ip,
    user_agent: row.userAgent,
    detail: row.detail ?? null,
  };
}

/**
 * How many rows match, counting no further than `atMost + 1`: a count of every match reads every
 * match (half a million index entries for a busy week), the page only needs to know whether more follow.
 */
export async function countAuditEntriesUpTo(
  db: Queryable,
  filter: ResolvedAuditFilter,
  atMost: number,
): Promise<number> {
  const take = atMost + 1;
  const rows = (where: SQL | undefined) =>
    db
      .select({ one: sql`1` })
      .from(auditLog)
      .where(and(whereOf(filter), where));
  const { actions } = filter;
  const [first, second, ...rest] = (actions ?? []).map((action) =>
    rows(actionRange(action)).orderBy(auditLog.action).limit(take),
  );
  const matches =
    actions === undefined
      ? rows(undefined).limit(take)
      : first === undefined
        ? rows(sql`false`).limit(take)
        : second === undefined
          ? first
          : unionAll(first, second, ...rest).limit(take);
  const [row] = await db.select({ total: count() }).from(matches.as('matches'));
  return row?.total ?? 0;
}
