import { and, eq } from 'drizzle-orm';
import type { Locale } from '@portal/protocol';
import type { AppContext, RequestMeta } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { recordAudit } from '../audit/audit-service.ts';
import { issueEmailToken, redeemEmailToken } from './email-token-service.ts';
import { assertClinicPasswordPolicy } from './password-rules.ts';
import { revokeAllSessions } from './session-service.ts';

/** protocol.md §7: always `{}`, so the answer never tells whether the e-mail has an account. */
export async function requestPasswordReset(ctx: AppContext, email: string, meta: RequestMeta): Promise<void> {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.email, email), eq(users.status, 'active')))
    .limit(1);
  if (!user) return;
  const token = await issueEmailToken(ctx, ctx.db, user.id, 'reset');
  await recordAudit(ctx.db, meta, {
    action: 'password.reset_request',
    outcome: 'success',
    subjectId: user.id,
  });
  await ctx.mailer.send({
    to: user.email,
    template: 'password_reset',
    locale: user.locale as Locale,
    vars: {
      name: user.firstName,
      link: `${ctx.config.publicUrl}/auth/reset-password?token=${token}`,
    },
  });
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
  await assertClinicPasswordPolicy(ctx, newPassword, 'new_password');
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.transaction(async (tx) => {
    const userId = await redeemEmailToken(ctx, tx, token, 'reset');
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
