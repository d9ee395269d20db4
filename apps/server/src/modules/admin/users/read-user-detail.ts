import { eq } from 'drizzle-orm';
import { Codes, ProtocolError, type Profile, type UserDetail } from '@portal/protocol';
import type { AppContext } from '../../../context.ts';
import { users } from '../../../db/schema/index.ts';
import { recordAudit } from '../../audit/index.ts';
import { intakeStatus, loadPatientResource } from '../../patient/index.ts';
import { findAuditEntries } from '../audit/audit-queries.ts';
import { countLiveSessions, findUserView } from './user-queries.ts';
import type { Actor } from '../../../plugins/auth.ts';

/** How much of the user's own audit trail the detail page shows; the audit viewer has the rest. */
export const DETAIL_AUDIT_ROWS = 50;

/**
 * What identifies a patient to the front desk (finding them, greeting them, checking who they
 * are); the rest of the profile (sex, gender identity, height, weight) is chart data.
 */
const IDENTITY_FIELDS = [
  'first_name',
  'last_name',
  'preferred_name',
  'date_of_birth',
  'preferred_language',
] as const satisfies readonly (keyof Profile)[];

function identityOnly(profile: Partial<Profile>): Partial<Profile> {
  return Object.fromEntries(
    IDENTITY_FIELDS.filter((field) => profile[field] !== undefined).map((field) => [field, profile[field]]),
  );
}

/**
 * One account with the patient's profile and intake progress (read through the patient
 * module, read-only) and the latest audit rows about them. Reading it is a PHI read: audited,
 * refused look-ups included. Each part needs its permission (decision staff-permissions):
 * without `read_chart` the profile is cut to identity and the intake progress left out,
 * without `read_audit` the audit rows.
 */
export async function readUserDetail(ctx: AppContext, actor: Actor, id: string): Promise<UserDetail> {
  const now = ctx.now();
  const user = await findUserView(ctx.db, now, id);
  await recordAudit(ctx.db, actor.meta, {
    action: 'admin.user.read',
    outcome: user ? 'success' : 'failure',
    actorId: actor.userId,
    subjectId: id,
  });
  if (!user) throw new ProtocolError(Codes.itemsNotFound);
  // A caregiver-only account has its sign-up profile but no intake (decision 0032).
  const hasProfile = user.roles.includes('user');
  const [account] = await ctx.db
    .select({ verified: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, id));
  const readsChart = actor.auths.includes('read_chart');
  const stored = hasProfile ? await loadPatientResource(ctx, ctx.db, id, 'profile') : undefined;
  const profile = (stored?.value as Partial<Profile> | undefined) ?? null;
  return {
    user,
    email_verified_at: account?.verified?.toISOString() ?? null,
    live_sessions: await countLiveSessions(ctx.db, now, id),
    profile: profile && (readsChart ? profile : identityOnly(profile)),
    intake: user.is_patient && readsChart ? await intakeStatus(ctx, id) : null,
    audit: actor.auths.includes('read_audit')
      ? (await findAuditEntries(ctx.db, { person: id }, { limit: DETAIL_AUDIT_ROWS, offset: 0 })).items
      : null,
  };
}
