import type { RequestMeta } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { auditLog } from '../../db/schema/index.ts';
import { observeAudit } from '../../lib/metrics.ts';

export type AuditOutcome = 'success' | 'failure' | 'denied';

export interface AuditEntry {
  action: string;
  outcome: AuditOutcome;
  actorId?: string | null;
  subjectId?: string | null;
  /** The record touched, e.g. `patient_resources:profile`; never its content. */
  target?: string | null;
  /** Non-PHI facts only (reason codes, counts). */
  detail?: Record<string, unknown>;
}

/** Appends one row (HIPAA §164.312(b)); pass the transaction so the row commits with the change. */
export async function recordAudit(db: Queryable, meta: RequestMeta | null, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    action: entry.action,
    outcome: entry.outcome,
    actorId: entry.actorId ?? null,
    subjectId: entry.subjectId ?? entry.actorId ?? null,
    target: entry.target ?? null,
    detail: entry.detail ?? null,
    ip: meta?.ip ?? null,
    userAgent: meta?.userAgent ?? null,
    requestId: meta?.requestId ?? null,
  });
  observeAudit(entry.action, entry.outcome);
}
