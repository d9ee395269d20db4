import type { auditQuery, AuditExport, AuditPage } from '@portal/protocol';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { recordAudit } from '../../audit/index.ts';
import { auditCsv } from './audit-csv.ts';
import { countAuditEntries, findAuditEntries, type AuditFilter } from './audit-queries.ts';
import type { Actor } from '../../../plugins/auth.ts';

/** An export holds at most this many rows: beyond it, narrow the dates (the answer says so). */
export const EXPORT_MAX_ROWS = 50_000;

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

/** Reading the log is audited too (after the read, so a page never shows its own row). */
export async function listAudit(ctx: AppContext, actor: Actor, query: Query): Promise<AuditPage> {
  const filter = filterOf(query);
  const window = { limit: query.page_size, offset: (query.page - 1) * query.page_size };
  const [{ items }, total] = await Promise.all([
    findAuditEntries(ctx.db, filter, window),
    countAuditEntries(ctx.db, filter),
  ]);
  await recordAudit(ctx.db, actor.meta, {
    action: 'admin.audit.read',
    outcome: 'success',
    actorId: actor.userId,
    subjectId: subjectOf(filter),
    target: 'audit_log',
    detail: { filters: filtersOf(filter), page: query.page, rows: items.length },
  });
  return { items, total, page: query.page, page_size: query.page_size };
}

/** Taking the log out of the portal is itself audited, with its filters as `filtersOf` tells them. */
export async function exportAudit(ctx: AppContext, actor: Actor, query: Query): Promise<AuditExport> {
  const filter = filterOf(query);
  const { items } = await findAuditEntries(ctx.db, filter, { limit: EXPORT_MAX_ROWS + 1, offset: 0 });
  const truncated = items.length > EXPORT_MAX_ROWS;
  const rows = items.slice(0, EXPORT_MAX_ROWS);
  await recordAudit(ctx.db, actor.meta, {
    action: 'admin.audit.export',
    outcome: 'success',
    actorId: actor.userId,
    subjectId: subjectOf(filter),
    target: 'audit_log',
    detail: { rows: rows.length, truncated, filters: filtersOf(filter) },
  });
  const stamp = ctx.now().toISOString().slice(0, 19).replaceAll(':', '-');
  return { filename: `audit-${stamp}.csv`, csv: auditCsv(rows), rows: rows.length, truncated };
}
