import { USER_ACTION_ALLOWED, type AdminUser, type UserAction } from '@portal/protocol';
import type { AppContext } from '../../../context.ts';
import { removeMfa } from '../../auth/index.ts';
import { changeUser, type UserChange } from './change-user.ts';
import { sendInvitation } from './send-invitation.ts';
import type { Actor } from '../../../plugins/auth.ts';

const clearLockout = { lockedUntil: null, failedLogins: 0, failedWindowStartedAt: null };

/**
 * The row actions of the users page as data: what each does to the account. When each
 * applies is the protocol's USER_ACTION_ALLOWED, which the web app reads too.
 */
const USER_ACTIONS: Record<UserAction, Omit<UserChange, 'action' | 'applies'>> = {
  lock: { patch: () => ({ status: 'locked' }) },
  // Lifts an administrator's lock and a login lockout alike.
  unlock: { patch: (u) => ({ status: u.status === 'locked' ? 'active' : u.status, ...clearLockout }) },
  deactivate: { patch: () => ({ status: 'deactivated' }) },
  // Back to where the account was: an invitation never accepted is still pending.
  reactivate: { patch: (u) => ({ status: u.passwordHash ? 'active' : 'invited' }) },
  revoke_sessions: { patch: () => ({}), endSessions: true },
  resend_invite: { patch: () => ({}), notify: false },
  // For a lost phone: the person signs in with the password alone and may enrol again.
  reset_mfa: { patch: () => ({ mfaEnabled: false }), alsoChange: removeMfa },
  // Decision 0032: the portal is told to refresh, so the new patient's home shows their tasks.
  make_patient: { patch: () => ({ isPatient: true }) },
};

export async function applyUserAction(
  ctx: AppContext,
  actor: Actor,
  id: string,
  action: UserAction,
): Promise<AdminUser> {
  const user = await changeUser(ctx, actor, id, {
    action: `admin.user.${action}`,
    applies: USER_ACTION_ALLOWED[action],
    ...USER_ACTIONS[action],
  });
  if (action === 'resend_invite') await sendInvitation(ctx, user);
  return user;
}
