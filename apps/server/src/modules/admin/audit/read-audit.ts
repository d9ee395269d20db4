import type { auditQuery, AuditExport, AuditPage } from '@portal/protocol';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { recordAudit } from '../../audit/index.ts';
import { AUDIT_CSV_HEADER, auditCsvLine } from './audit-csv.ts';
import {
  countAuditEntriesUpTo,
  findAuditBatch,
  findAuditEntries,
  resolveAuditFilter,
  type AuditCursor,
  type AuditFilter,
} from './audit-queries.ts';
import type { Actor } from '../../../plugins/auth.ts';

/** An export holds at most this many rows: beyond it, narrow the dates (the answer says so). */
export const EXPORT_MAX_ROWS = 50_000;
/** Rows an export reads per statement: one batch and its CSV lines are all it holds at a time. */
export const EXPORT_BATCH_ROWS = 250;
/**
 * The page counts its matches this far and no further (decision 0042): past it the answer says
 * "more than", which is all a pager needs, and a busy week's count stays a short index walk.
 */
export const AUDIT_COUNT_CAP = 10_000;

type Query = z.output<typeof auditQuery>;

const filterOf = (q: Query): AuditFilter => ({
  actor: q.actor || undefined,
  subject: q.subject || undefined,
  subjectName: q.subject_name || undefined,
  action: q.action || undefined,
  from: q.from ? new Date(q.from) : undefined,
  to: q.to ? new Date(q.to) : undefined,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What the audit row of a read or export says about its filters. A person named by id is kept
 * (an id is no PHI, and the subject's own trail then shows who looked); an e-mail prefix is only
 * noted as such, since an address identifies a patient, and so is a name. Action and times are kept as given.
 */
function filtersOf(filter: AuditFilter): Record<string, string> {
  const person = (value: string) => (UUID.test(value) ? value : 'email-prefix');
  return Object.fromEntries(
    [
      ['actor', filter.actor && person(filter.actor)],
      ['subject', filter.subject && person(filter.subject)],
      ['subject_name', filter.subjectName && 'name-prefix'],
      ['action', filter.action],
      ['from', filter.from?.toISOString()],
      ['to', filter.to?.toISOString()],
    ].filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}

/** The subject whose trail is being read, when the filter names one by id. */
const subjectOf = (filter: AuditFilter) =>
  filter.subject && UUID.test(filter.subject) ? filter.subject : undefined;

/**
 * Reading the log is audited too (after the read, so a page never shows its own row). The count
 * goes at least to the end of the page, so "more" always means a row after it.
 */
export async function listAudit(ctx: AppContext, actor: Actor, query: Query): Promise<AuditPage> {
  const filter = filterOf(query);
  const window = { limit: query.page_size, offset: (query.page - 1) * query.page_size };
  const countedTo = Math.max(AUDIT_COUNT_CAP, window.offset + window.limit);
  const resolved = await resolveAuditFilter(ctx.db, filter);
  const [{ items }, counted] = await Promise.all([
    findAuditEntries(ctx.db, resolved, window),
    countAuditEntriesUpTo(ctx.db, resolved, countedTo),
  ]);
  await recordAudit(ctx.db, actor.meta, {
    action: 'admin.audit.read',
    outcome: 'success',
    actorId: actor.userId,
    subjectId: subjectOf(filter),
    target: 'audit_log',
    detail: { filters: filtersOf(filter), page: query.page, rows: items.length },
  });
  const totalCapped = counted > countedTo;
  return {
    items,
    total: totalCapped ? countedTo : counted,
    total_capped: totalCapped,
    page: query.page,
    page_size: query.page_size,
  };
}

/** A JSON string's content: the text escaped, without its quotes, to be written between them. */
const jsonStringContent = (text: string) => JSON.stringify(text).slice(1, -1);

/**
 * The export as the JSON text of its `AuditExport`, in pieces (decision 0042): the CSV a keyset
 * batch at a time, the counts last, once known, so the server never holds more than one batch.
 * Taking the log out of the portal is itself audited, with its filters as `filtersOf` tells them,
 * once the rows are read; an export the client abandons half-way is audited as a failure with
 * the rows read until then.
 */
export async function* exportAuditJson(ctx: AppContext, actor: Actor, query: Query): AsyncGenerator<string> {
  const filter = filterOf(query);
  const stamp = ctx.now().toISOString().slice(0, 19).replaceAll(':', '-');
  const head: Pick<AuditExport, 'filename'> = { filename: `audit-${stamp}.csv` };
  yield `${JSON.stringify(head).slice(0, -1)},"csv":"${jsonStringContent(AUDIT_CSV_HEADER)}`;
  let rows = 0;
  let truncated = false;
  let read = false;
  try {
    const resolved = await resolveAuditFilter(ctx.db, filter);
    let after: AuditCursor | null = null;
    for (;;) {
      const wanted = Math.min(EXPORT_BATCH_ROWS, EXPORT_MAX_ROWS + 1 - rows);
      const batch = await findAuditBatch(ctx.db, resolved, after, wanted);
      const kept = batch.items.slice(0, EXPORT_MAX_ROWS - rows);
      truncated = kept.length < batch.items.length;
      rows += kept.length;
      if (kept.length > 0) yield jsonStringContent(kept.map(auditCsvLine).join(''));
      if (truncated || batch.items.length < wanted) break;
      after = batch.last;
    }
    read = true;
  } finally {
    await recordAudit(ctx.db, actor.meta, {
      action: 'admin.audit.export',
      outcome: read ? 'success' : 'failure',
      actorId: actor.userId,
      subjectId: subjectOf(filter),
      target: 'audit_log',
      detail: { rows, truncated, filters: filtersOf(filter) },
    });
  }
  const counts: Pick<AuditExport, 'rows' | 'truncated'> = { rows, truncated };
  yield `",${JSON.stringify(counts).slice(1)}`;
}
