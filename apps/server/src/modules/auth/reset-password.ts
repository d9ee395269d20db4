import { and, eq } from 'drizzle-orm';
import type { Locale } from '@portal/protocol';
import type { AppContext, RequestMeta } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import type { MailRequest } from '../mail/index.ts';
import { issueEmailToken } from './email-token-queries.ts';
import { revokeAllSessions } from './session-queries.ts';
import { setPasswordByLink } from './set-password-by-link.ts';

/**
 * protocol.md §7: always `{}`, in the same time whether or not the e-mail has an account: the
 * request only queues a mail addressed to what was typed, and the queue's worker looks the
 * account up when it sends (preparePasswordResetMail).
 */
export async function requestPasswordReset(ctx: AppContext, email: string, meta: RequestMeta): Promise<void> {
  await ctx.mailer.send({
    to: email,
    template: 'password_reset',
    locale: 'gb',
    vars: { link: '' },
    requestedBy: meta,
  });
}

/**
 * At sending time: a reset link for an active account, in its language, named only when its
 * owner has confirmed the address; nothing for an address without one. Audited either way.
 */
export async function preparePasswordResetMail(
  ctx: AppContext,
  queued: MailRequest,
): Promise<MailRequest | null> {
  const meta = queued.requestedBy ?? { ip: '', userAgent: null, requestId: '' };
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.email, queued.to), eq(users.status, 'active')))
    .limit(1);
  if (!user) {
    await recordAudit(ctx.db, meta, {
      action: 'password.reset_request',
      outcome: 'failure',
      detail: { reason: 'no_active_account' },
    });
    return null;
  }
  const token = await ctx.db.transaction(async (tx) => {
    await recordAudit(tx, meta, { action: 'password.reset_request', outcome: 'success', subjectId: user.id });
    return issueEmailToken(ctx, tx, user.id, 'reset');
  });
  return {
    to: user.email,
    template: 'password_reset',
    locale: user.locale as Locale,
    vars: {
      name: user.emailVerifiedAt ? user.firstName : undefined,
      link: `${ctx.config.publicUrl}/auth/reset-password?token=${token}`,
    },
  };
}

/**
 * A used link sets the password, ends every session (the old password may be known to
 * someone else), lifts a lockout, and proves the mailbox, so it also verifies the e-mail.
 */
export async function confirmPasswordReset(
  ctx: AppContext,
  token: string,
  newPassword: string,
  meta: RequestMeta,
): Promise<void> {
  await setPasswordByLink(ctx, { token, purpose: 'reset' }, newPassword, async (tx, userId, passwordHash) => {
    const [user] = await tx
      .select({ verified: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId));
    await tx
      .update(users)
      .set({
        passwordHash,
        failedLogins: 0,
        failedWindowStartedAt: null,
        lockedUntil: null,
        emailVerifiedAt: user?.verified ?? ctx.now(),
        updatedAt: ctx.now(),
      })
      .where(eq(users.id, userId));
    await revokeAllSessions(ctx, tx, userId, 'password_reset');
    await recordAudit(tx, meta, { action: 'password.reset', outcome: 'success', actorId: userId });
  });
}
