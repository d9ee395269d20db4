import { eq } from 'drizzle-orm';
import { Codes, ProtocolError, type Profile, type UserDetail } from '@portal/protocol';
import type { AppContext } from '../../../context.ts';
import { users } from '../../../db/schema/index.ts';
import { recordAudit } from '../../audit/audit-service.ts';
import { intakeStatus } from '../../patient/intake-service.ts';
import { loadPatientResource } from '../../patient/resource-store.ts';
import type { AdminActor } from '../admin-actor.ts';
import { findAuditEntries } from '../audit/audit-queries.ts';
import { countLiveSessions, findUserView } from './user-queries.ts';

/** How much of the user's own audit trail the detail page shows; the audit viewer has the rest. */
export const DETAIL_AUDIT_ROWS = 50;

/**
 * One account with the patient's profile and intake progress (read through the patient
 * module, read-only) and the latest audit rows about them. Reading it is a PHI read: audited,
 * refused look-ups included.
 */
export async function readUserDetail(ctx: AppContext, actor: AdminActor, id: string): Promise<UserDetail> {
  const now = ctx.now();
  const user = await findUserView(ctx.db, now, id);
  await recordAudit(ctx.db, actor.meta, {
    action: 'admin.user.read',
    outcome: user ? 'success' : 'failure',
    actorId: actor.adminId,
    subjectId: id,
  });
  if (!user) throw new ProtocolError(Codes.itemsNotFound);
  const isPatient = user.roles.includes('user');
  const [account] = await ctx.db
    .select({ verified: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, id));
  const profile = isPatient ? await loadPatientResource(ctx, ctx.db, id, 'profile') : undefined;
  return {
    user,
    email_verified_at: account?.verified?.toISOString() ?? null,
    live_sessions: await countLiveSessions(ctx.db, now, id),
    profile: (profile?.value as Partial<Profile> | undefined) ?? null,
    intake: isPatient ? await intakeStatus(ctx, id) : null,
    audit: (await findAuditEntries(ctx.db, { person: id }, { limit: DETAIL_AUDIT_ROWS, offset: 0 })).items,
  };
}
