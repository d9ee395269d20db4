import type { AuditAction, AuditDetail, AuditTarget } from '@portal/protocol';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { perDatabase } from '../../db/per-database.ts';
import { auditLog } from '../../db/schema/index.ts';
import { observeAudit } from '../../lib/metrics.ts';
import { AuditGroupCommit, type AuditRow } from './audit-group-commit.ts';

export type AuditOutcome = 'success' | 'failure' | 'denied';

export interface AuditEntry {
  action: AuditAction;
  outcome: AuditOutcome;
  actorId?: string | null;
  subjectId?: string | null;
  /** The record touched, e.g. `caregiver_grants:<id>` or `profile`; never its content. */
  target?: AuditTarget | null;
  /** Non-PHI facts only (reason codes, counts), under the keys the audit vocabulary lists. */
  detail?: AuditDetail;
}

/** Appends one row (HIPAA §164.312(b)); pass the transaction so the row commits with the change. */
export async function recordAudit(db: Queryable, meta: RequestMeta | null, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(auditRow(meta, entry));
  observeAudit(entry.action, entry.outcome);
}

/** Appends many rows in one statement: a job's work over many patients, one row each. */
export async function recordAudits(
  db: Queryable,
  meta: RequestMeta | null,
  entries: readonly AuditEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(entries.map((entry) => auditRow(meta, entry)));
  for (const entry of entries) observeAudit(entry.action, entry.outcome);
}

const groupCommitOf = perDatabase((db) => new AuditGroupCommit(db));

/**
 * Appends one row that has no data change to commit with (a read of PHI), through the
 * database's group commit: it resolves once the row is committed, together with the rows of
 * concurrent requests, and rejects when it could not be written. Await it before answering, so
 * no answer leaves without its audit row. Takes the context, not a transaction: a row that
 * must commit atomically with a change goes through `recordAudit(tx, …)`.
 */
export async function recordStandaloneAudit(
  ctx: Pick<AppContext, 'db'>,
  meta: RequestMeta | null,
  entry: AuditEntry,
): Promise<void> {
  await groupCommitOf(ctx.db).append(auditRow(meta, entry));
  observeAudit(entry.action, entry.outcome);
}

/**
 * A request acting for a patient (decision 0023) is written under both identities whatever the
 * use case passed: the caregiver acted, on the patient's record, under the grant.
 */
function auditRow(meta: RequestMeta | null, entry: AuditEntry): AuditRow {
  const onBehalf = meta?.onBehalf;
  return {
    action: entry.action,
    outcome: entry.outcome,
    actorId: onBehalf ? onBehalf.caregiverId : (entry.actorId ?? null),
    subjectId: onBehalf ? onBehalf.patientId : (entry.subjectId ?? entry.actorId ?? null),
    grantId: onBehalf?.grantId ?? null,
    target: entry.target ?? null,
    detail: entry.detail ?? null,
    ip: meta?.ip ?? null,
    userAgent: meta?.userAgent ?? null,
    requestId: meta?.requestId ?? null,
  };
}
