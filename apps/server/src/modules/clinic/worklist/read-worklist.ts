import { sql, type SQL } from 'drizzle-orm';
import {
  BF_ADL_INSTRUMENT,
  Codes,
  ProtocolError,
  ORDER_QUEUES,
  WORKLIST_PAGE_SIZE,
  worklistQueuesFor,
  type HoldReason,
  type WorklistPage,
  type WorklistQueue,
  type WorklistRow,
  type WorklistSort,
} from '@portal/protocol';
import type { AppContext } from '../../../context.ts';
import type { Queryable } from '../../../db/database.ts';
import {
  assessmentFlag,
  definitionOf,
  newestTwoScores,
  type AssessmentFlagReason,
} from '../../assessment/index.ts';
import { recordStandaloneAudit } from '../../audit/index.ts';
import { rejectionReasonOf } from '../../documents/index.ts';
import { nextRunBatcher } from '../../../lib/next-run-batcher.ts';
import { itemIdOf } from './assignee-queries.ts';
import { cappedCount } from './capped-count.ts';
import { holdCounts, orderDetail, orderOfRow, type HoldCounts, type OrderDetailRow } from './order-rows.ts';
import { orderOf, queueSql } from './queue-sql.ts';
import { narrowingOf, type Narrowing } from './worklist-narrowing.ts';
import type { Actor } from '../../../plugins/auth.ts';
import { rowsOf } from '../../../db/rows-of.ts';

interface QueueRow extends OrderDetailRow, Record<string, unknown> {
  patient_id: string;
  first_name: string;
  last_name: string;
  at: Date | string;
  assignment_id: string | null;
  version: number | null;
  title: string | null;
  due_at: Date | string | null;
  reason_enc: Uint8Array | null;
  unread: number | null;
  never_answered: boolean | null;
  prompt_id: string | null;
  thread_id: string | null;
  assignee_id: string | null;
  assignee_first_name: string | null;
  assignee_last_name: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * Queues whose rows carry clinical content (a decline's reason, why a BF-ADL is flagged, the
 * device a patient is given).
 */
const PHI_QUEUES: readonly WorklistQueue[] = ['declined_documents', 'bf_adl_flagged', ...ORDER_QUEUES];

type QueueCounts = { queue: WorklistQueue; count: number }[];

/** Every visible queue's count in one statement: one scalar subquery per queue. */
async function countQueues(db: Queryable, queues: readonly WorklistQueue[], now: Date): Promise<QueueCounts> {
  const columns = queues.map(
    (queue) => sql`${cappedCount(sql`(${queueSql(queue, now).source}) q`)} as ${sql.identifier(queue)}`,
  );
  const [row] = rowsOf<Record<string, number>>(await db.execute(sql`select ${sql.join(columns, sql`, `)}`));
  return queues.map((queue) => ({ queue, count: Number(row![queue]) }));
}

/** One batcher per portal: a process may run several (the tests do), each with its own database. */
function batcherFor<T>(
  batchers: WeakMap<AppContext, (key: string) => Promise<T>>,
  ctx: AppContext,
  run: (key: string) => Promise<T>,
): (key: string) => Promise<T> {
  let batcher = batchers.get(ctx);
  if (!batcher) {
    batcher = nextRunBatcher(run);
    batchers.set(ctx, batcher);
  }
  return batcher;
}

const countBatchers = new WeakMap<AppContext, (key: string) => Promise<QueueCounts>>();
const holdCountBatchers = new WeakMap<AppContext, (key: string) => Promise<HoldCounts>>();

/**
 * The counts, taken once for the staff asking at the same time with the same queues in view:
 * every request counts all of them, and counting is most of a page's work. Each batch starts
 * after its callers asked (nextRunBatcher), so nobody sees a count older than their own last write.
 */
function sharedCounts(ctx: AppContext, queues: readonly WorklistQueue[]): Promise<QueueCounts> {
  const batcher = batcherFor(countBatchers, ctx, (key) =>
    countQueues(ctx.db, key.split(',') as WorklistQueue[], ctx.now()),
  );
  return batcher(queues.join(','));
}

/** The hold reasons' counts, shared in the same way by everyone opening orders on hold at once. */
function sharedHoldCounts(ctx: AppContext): Promise<HoldCounts> {
  return batcherFor(holdCountBatchers, ctx, () => holdCounts(ctx.db))('');
}

/** The queue's rows as `q`, with their patients' names as `u` when the narrowing reads them. */
const narrowedSource = (source: SQL, narrowing: Narrowing) =>
  narrowing.names ? sql`(${source}) q join users u on u.id = q.patient_id` : sql`(${source}) q`;

async function pageOf(
  db: Queryable,
  queue: WorklistQueue,
  now: Date,
  { page, sort }: { page: number; sort?: WorklistSort | undefined },
  narrowing: Narrowing,
) {
  const queueOfPage = queueSql(queue, now);
  const { source } = queueOfPage;
  const order = orderOf(queueOfPage, sort);
  const window = sql`limit ${WORKLIST_PAGE_SIZE} offset ${(page - 1) * WORKLIST_PAGE_SIZE}`;
  // The page is cut first, so only its rows are joined to their names, conversations and
  // assignees; a search needs the names before the cut.
  const cut = narrowing.where
    ? sql`select q.* from ${narrowedSource(source, narrowing)} where ${narrowing.where}
        order by ${order} ${window}`
    : sql`select * from (${source}) q order by ${order} ${window}`;
  return rowsOf<QueueRow>(
    await db.execute(sql`select q.*, u.first_name, u.last_name, th.id as thread_id,
        a.id as assignee_id, a.first_name as assignee_first_name, a.last_name as assignee_last_name,
        ${orderDetail.columns}
      from (${cut}) q
      join users u on u.id = q.patient_id
      left join message_threads th on th.patient_id = q.patient_id
      left join worklist_assignees wa on wa.queue = ${queue} and wa.item_id = ${itemIdOf}
      left join users a on a.id = wa.assignee_id
      ${orderDetail.join}
      order by ${order}`),
  );
}

/** How many of the queue's rows the narrowing keeps, up to the cap. */
async function countNarrowed(db: Queryable, queue: WorklistQueue, now: Date, narrowing: Narrowing) {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select ${cappedCount(sql`${narrowedSource(queueSql(queue, now).source, narrowing)} where ${narrowing.where}`)} as n`,
    ),
  );
  return Number(row!.n);
}

/** Why each shown patient's newest BF-ADL is flagged: the chart's rule on their last two submissions. */
async function flagsOf(ctx: AppContext, db: Queryable, patientIds: readonly string[]) {
  const definition = definitionOf(BF_ADL_INSTRUMENT);
  const scores = await newestTwoScores(ctx, db, patientIds, BF_ADL_INSTRUMENT);
  return new Map(
    patientIds.map((id) => {
      const [previous, newest] =
        (scores.get(id) ?? []).length === 2 ? scores.get(id)! : [undefined, scores.get(id)?.[0]];
      return [id, newest ? assessmentFlag(definition, previous, newest) : []] as const;
    }),
  );
}

function rowView(
  ctx: AppContext,
  row: QueueRow,
  flags: ReadonlyMap<string, AssessmentFlagReason[]> | null,
): WorklistRow {
  const order = orderOfRow(row);
  return {
    patient: { id: row.patient_id, first_name: row.first_name, last_name: row.last_name },
    at: iso(row.at),
    never_answered: row.never_answered,
    document: row.assignment_id
      ? {
          assignment_id: row.assignment_id,
          title: row.title ?? '',
          version: Number(row.version),
          due_at: row.due_at ? iso(row.due_at) : null,
          reason: row.reason_enc
            ? rejectionReasonOf(ctx, { id: row.assignment_id, rejectionReason: Buffer.from(row.reason_enc) })
            : null,
        }
      : null,
    flags: flags ? (flags.get(row.patient_id) ?? []) : null,
    unread: row.unread,
    thread_id: row.thread_id,
    order: order ? { ...order, resupply_prompt_id: row.prompt_id } : null,
    assignee: row.assignee_id
      ? { id: row.assignee_id, first_name: row.assignee_first_name!, last_name: row.assignee_last_name! }
      : null,
  };
}

/**
 * `GET /admin/worklist/`: the counts of every queue the caller may see and one page of the
 * chosen queue (by default the first one with something in it); a queue they may not see answers 10403.
 * Every read is audited; a page that shows clinical content also once per patient shown, in
 * their own trail.
 */
export async function readWorklist(
  ctx: AppContext,
  actor: Actor,
  query: {
    queue?: WorklistQueue | undefined;
    page: number;
    q?: string | undefined;
    sort?: WorklistSort | undefined;
    mine?: boolean | undefined;
    hold_reason?: HoldReason | undefined;
  },
): Promise<WorklistPage> {
  const visible = worklistQueuesFor(actor.auths);
  if (visible.length === 0 || (query.queue && !visible.includes(query.queue)))
    throw new ProtocolError(Codes.forbidden);
  const now = ctx.now();
  const queues = await sharedCounts(ctx, visible);
  // Opened without a queue: the first one with something in it.
  const queue = query.queue ?? (queues.find((q) => q.count > 0) ?? queues[0]!).queue;
  const narrowing = await narrowingOf(ctx, queue, now, { ...query, adminId: actor.userId });
  // Narrowed by a hold reason alone, the queue's total is that reason's count (holdCounts).
  const onlyReason = query.hold_reason && !query.q && !query.mine ? query.hold_reason : undefined;
  const [rows, holds, narrowedTotal] = await Promise.all([
    pageOf(ctx.db, queue, now, query, narrowing),
    queue === 'orders_on_hold' ? sharedHoldCounts(ctx) : null,
    narrowing.where && !onlyReason ? countNarrowed(ctx.db, queue, now, narrowing) : null,
  ]);
  const total =
    narrowedTotal ??
    (holds && onlyReason
      ? holds.find((hold) => hold.reason === onlyReason)!.count
      : queues.find((q) => q.queue === queue)!.count);
  const flags =
    queue === 'bf_adl_flagged'
      ? await flagsOf(
          ctx,
          ctx.db,
          rows.map((row) => row.patient_id),
        )
      : null;
  const items = rows.map((row) => rowView(ctx, row, flags));
  // Reads change nothing: the rows go through the audit group commit, awaited before answering.
  const shown = PHI_QUEUES.includes(queue) ? [...new Set(items.map((item) => item.patient.id))] : [];
  await Promise.all([
    recordStandaloneAudit(ctx, actor.meta, {
      action: 'worklist.read',
      outcome: 'success',
      actorId: actor.userId,
      detail: { queue, page: query.page, rows: items.length },
    }),
    ...shown.map((patientId) =>
      recordStandaloneAudit(ctx, actor.meta, {
        action: 'worklist.read',
        outcome: 'success',
        actorId: actor.userId,
        subjectId: patientId,
        detail: { queue },
      }),
    ),
  ]);
  return {
    queues,
    queue,
    items,
    total,
    page: query.page,
    page_size: WORKLIST_PAGE_SIZE,
    hold_counts: holds,
  };
}
