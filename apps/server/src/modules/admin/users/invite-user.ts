import {
  Codes,
  DEFAULT_INVITE_PRESET,
  STAFF_PRESETS,
  ProtocolError,
  USER_CONFLICTS,
  type AdminUser,
  type Auth,
  type InviteRequest,
  type Role,
} from '@portal/protocol';
import type { AppContext } from '../../../context.ts';
import { recordAudit } from '../../audit/index.ts';
import { insertAccount } from '../../auth/index.ts';
import { assertWithinOwnPermissions } from './access-rules.ts';
import { sendInvitation } from './send-invitation.ts';
import { findUserView } from './user-queries.ts';
import type { Actor } from '../../../plugins/auth.ts';

const TAKEN = USER_CONFLICTS.emailTaken;

/** An invitation past the inviter's own permissions is refused, and the refusal audited. */
async function assertMayGrant(ctx: AppContext, actor: Actor, role: Role, auths: Auth[]) {
  try {
    assertWithinOwnPermissions(actor.auths, auths);
  } catch (error) {
    await recordAudit(ctx.db, actor.meta, {
      action: 'admin.user.invite',
      outcome: 'denied',
      actorId: actor.userId,
      detail: { role, auths, reason: 'beyondOwnPermissions' },
    });
    throw error;
  }
}

/**
 * Opens an account with no password in status `invited`; the e-mailed link sets the password.
 * An administrator may learn that an address has an account, so a taken address is said plainly.
 */
export async function inviteUser(ctx: AppContext, actor: Actor, input: InviteRequest): Promise<AdminUser> {
  const auths: Auth[] =
    input.role === 'admin' ? ['admin', ...STAFF_PRESETS[input.preset ?? DEFAULT_INVITE_PRESET]] : [];
  await assertMayGrant(ctx, actor, input.role, auths);
  const user = await ctx.db.transaction(async (tx) => {
    const created = await insertAccount(tx, input, {
      locale: input.locale,
      roles: [input.role],
      auths,
      status: 'invited',
    });
    if (!created) return undefined;
    await recordAudit(tx, actor.meta, {
      action: 'admin.user.invite',
      outcome: 'success',
      actorId: actor.userId,
      subjectId: created,
      detail: { role: input.role, auths },
    });
    return findUserView(tx, ctx.now(), created);
  });
  if (!user) throw new ProtocolError(Codes.conflict, TAKEN, [{ path: 'email', message: TAKEN }]);
  await sendInvitation(ctx, user);
  return user;
}
