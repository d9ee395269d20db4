import type { auditQuery, AuditExport, AuditPage } from '@portal/protocol';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { recordAudit } from '../../audit/audit-service.ts';
import type { AdminActor } from '../admin-actor.ts';
import { auditCsv } from './audit-csv.ts';
import { countAuditEntries, findAuditEntries, type AuditFilter } from './audit-queries.ts';

/** An export holds at most this many rows: beyond it, narrow the dates (the answer says so). */
export const EXPORT_MAX_ROWS = 50_000;

type Query = z.output<typeof auditQuery>;

const filterOf = (q: Query): AuditFilter => ({
  actor: q.actor || undefined,
  subject: q.subject || undefined,
  action: q.action || undefined,
  from: q.from ? new Date(q.from) : undefined,
  to: q.to ? new Date(q.to) : undefined,
});

export async function listAudit(ctx: AppContext, query: Query): Promise<AuditPage> {
  const filter = filterOf(query);
  const window = { limit: query.page_size, offset: (query.page - 1) * query.page_size };
  const [{ items }, total] = await Promise.all([
    findAuditEntries(ctx.db, filter, window),
    countAuditEntries(ctx.db, filter),
  ]);
  return { items, total, page: query.page, page_size: query.page_size };
}

/** Taking the log out of the portal is itself audited: which filters, never their values (an e-mail is PHI). */
export async function exportAudit(ctx: AppContext, actor: AdminActor, query: Query): Promise<AuditExport> {
  const filter = filterOf(query);
  const { items } = await findAuditEntries(ctx.db, filter, { limit: EXPORT_MAX_ROWS + 1, offset: 0 });
  const truncated = items.length > EXPORT_MAX_ROWS;
  const rows = items.slice(0, EXPORT_MAX_ROWS);
  await recordAudit(ctx.db, actor.meta, {
    action: 'admin.audit.export',
    outcome: 'success',
    actorId: actor.adminId,
    detail: {
      rows: rows.length,
      truncated,
      filters: Object.keys(filter).filter((k) => filter[k as keyof AuditFilter]),
    },
  });
  const stamp = ctx.now().toISOString().slice(0, 19).replaceAll(':', '-');
  return { filename: `audit-${stamp}.csv`, csv: auditCsv(rows), rows: rows.length, truncated };
}
