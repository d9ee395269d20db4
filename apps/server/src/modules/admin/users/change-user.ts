import { eq } from 'drizzle-orm';
import {
  Codes,
  ProtocolError,
  ruleOfMessage,
  USER_CONFLICTS,
  USER_REFUSALS,
  type AdminUser,
  type AuditAction,
} from '@portal/protocol';
import type { AppContext } from '../../../context.ts';
import type { Queryable } from '../../../db/database.ts';
import { users } from '../../../db/schema/index.ts';
import { recordAudit } from '../../audit/index.ts';
import { revokeAllSessions } from '../../auth/index.ts';
import { queueEvent } from '../../events/index.ts';
import {
  assertKeepsAdministrators,
  assertNotOwnAccess,
  assertWithinOwnPermissions,
  lockAccountChanges,
  removesAccess,
  type AccountState,
} from './access-rules.ts';
import { findUserView } from './user-queries.ts';
import type { Actor } from '../../../plugins/auth.ts';

export type UserRecord = typeof users.$inferSelect;
export type UserPatch = Partial<
  Pick<
    UserRecord,
    | 'roles'
    | 'auths'
    | 'status'
    | 'lockedUntil'
    | 'failedLogins'
    | 'failedWindowStartedAt'
    | 'mfaEnabled'
    | 'isPatient'
  >
>;

export interface UserChange {
  /** The audit action, e.g. `admin.user.lock`. */
  action: AuditAction;
  /** Refuses with 10409 when the change does not apply to the account as it is now. */
  applies?: (user: AdminUser) => boolean;
  patch: (user: UserRecord) => UserPatch;
  /** Ends every session even when nothing is taken away (revoke sessions). */
  endSessions?: boolean;
  /** false for what changes nothing the user's portal shows (a resent invitation). */
  notify?: boolean;
  /** Changes beyond the users row, in the same transaction (reset MFA removes the factor). */
  alsoChange?: (tx: Queryable, userId: string, now: Date) => Promise<void>;
}

const stateOf = (u: Pick<UserRecord, 'id' | 'roles' | 'auths' | 'status'>): AccountState => ({
  id: u.id,
  roles: u.roles,
  auths: u.auths,
  status: u.status,
});

/** Only what decides access goes into the audit row: no names, no e-mail (no PHI in `detail`). */
const auditState = (u: AccountState & { lockedUntil: Date | null; mfaEnabled: boolean }, now: Date) => ({
  roles: u.roles,
  auths: u.auths,
  status: u.status,
  lockout: Boolean(u.lockedUntil && u.lockedUntil > now),
  mfa: u.mfaEnabled,
});

/**
 * Every change an administrator makes to an account, in one transaction: the row is locked,
 * the rules checked, the change saved, sessions ended when it takes access away, the user's
 * portal told to refresh (spec §4 refresh_token) and the change audited with before and after.
 * A refused change is audited too: the refusal commits, then the error is thrown.
 */
export async function changeUser(
  ctx: AppContext,
  actor: Actor,
  userId: string,
  change: UserChange,
): Promise<AdminUser> {
  const now = ctx.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    await lockAccountChanges(tx);
    const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    const shown = before && (await findUserView(tx, now, userId));
    if (!before || !shown) return { refusal: new ProtocolError(Codes.itemsNotFound) };
    const patch = change.patch(before);
    const after = { ...before, ...patch };
    try {
      if (change.applies && !change.applies(shown)) {
        throw new ProtocolError(Codes.conflict, USER_CONFLICTS.notApplicable);
      }
      assertNotOwnAccess(actor.userId, stateOf(before), stateOf(after));
      assertWithinOwnPermissions(actor.auths, before.auths, after.auths);
      await assertKeepsAdministrators(tx, actor.userId, stateOf(before), stateOf(after));
    } catch (error) {
      if (!(error instanceof ProtocolError)) throw error;
      await recordAudit(tx, actor.meta, {
        action: change.action,
        outcome: 'denied',
        actorId: actor.userId,
        subjectId: userId,
        detail: { reason: ruleOfMessage({ ...USER_CONFLICTS, ...USER_REFUSALS }, error.message) },
      });
      return { refusal: error };
    }
    await tx
      .update(users)
      .set({ ...patch, updatedAt: now })
      .where(eq(users.id, userId));
    await change.alsoChange?.(tx, userId, now);
    if (change.endSessions || removesAccess(stateOf(before), stateOf(after))) {
      await revokeAllSessions(ctx, tx, userId, 'admin');
    }
    if (change.notify !== false) await queueEvent(ctx, tx, userId, 'refresh_token');
    await recordAudit(tx, actor.meta, {
      action: change.action,
      outcome: 'success',
      actorId: actor.userId,
      subjectId: userId,
      detail: { before: auditState(before, now), after: auditState(after, now) },
    });
    return { view: (await findUserView(tx, now, userId))! };
  });
  if ('refusal' in outcome) throw outcome.refusal;
  // Decision 0008: roles or status may have changed; this node's next poll reads them again.
  ctx.liveness.forgetUser(userId);
  return outcome.view;
}
