import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { AuditAction, CaregiverActivity } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { recordStandaloneAudit } from '../audit/index.ts';
import type { Actor } from '../../plugins/auth.ts';

/** The newest rows shown; the clinic's audit log keeps them all. */
const ACTIVITY_LIMIT = 200;

/**
 * `GET /account/caregivers/activity/`: what caregivers did on the patient's record, newest first:
 * the audit rows whose subject is the patient and that name a grant (decision 0023).
 */
export async function readCaregiverActivity(ctx: AppContext, actor: Actor): Promise<CaregiverActivity> {
  const rows = await ctx.db
    .select({
      at: auditLog.at,
      grantId: auditLog.grantId,
      action: auditLog.action,
      target: auditLog.target,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(eq(auditLog.subjectId, actor.userId), isNotNull(auditLog.grantId)))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(ACTIVITY_LIMIT);
  await recordStandaloneAudit(ctx, actor.meta, {
    action: 'caregiver.activity_read',
    outcome: 'success',
    actorId: actor.userId,
    target: 'audit_log',
    detail: { rows: rows.length },
  });
  return {
    items: rows.map((row) => ({
      at: row.at.toISOString(),
      caregiver_name: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim(),
      grant_id: row.grantId!,
      action: row.action as AuditAction,
      target: row.target,
    })),
  };
}
