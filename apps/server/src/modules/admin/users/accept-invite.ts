import { and, eq } from 'drizzle-orm';
import { Codes, ProtocolError } from '@portal/protocol';
import type { AppContext, RequestMeta } from '../../../context.ts';
import { users } from '../../../db/schema/index.ts';
import { recordAudit } from '../../audit/index.ts';
import { setPasswordByLink } from '../../auth/index.ts';

const INVALID_LINK = 'This link is invalid or has expired';

/**
 * The invitation link sets the first password; it also proves the mailbox, so the e-mail
 * counts as verified. Only a still-invited account accepts: a deactivated one's link is dead.
 */
export async function acceptInvite(
  ctx: AppContext,
  token: string,
  newPassword: string,
  meta: RequestMeta,
): Promise<void> {
  await setPasswordByLink(
    ctx,
    { token, purpose: 'invite' },
    newPassword,
    async (tx, userId, passwordHash) => {
      const [accepted] = await tx
        .update(users)
        .set({ passwordHash, status: 'active', emailVerifiedAt: ctx.now(), updatedAt: ctx.now() })
        .where(and(eq(users.id, userId), eq(users.status, 'invited')))
        .returning({ id: users.id });
      if (!accepted) {
        throw new ProtocolError(Codes.validation, INVALID_LINK, [{ path: 'token', message: INVALID_LINK }]);
      }
      await recordAudit(tx, meta, { action: 'invite.accept', outcome: 'success', actorId: userId });
    },
  );
}
