import { eq, sql } from 'drizzle-orm';
import { Codes, ProtocolError, type TokenData } from '@portal/protocol';
import type { AppContext, RequestMeta } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { recordAudit } from '../audit/audit-service.ts';
import { createSession } from './session-service.ts';
import { tokenResponse } from './token-response.ts';

/**
 * protocol.md §5. One answer (10013) for an unknown e-mail and a wrong password, in
 * the same time (verifyPassword hashes a dummy for unknown accounts). Lockout counters
 * live in the database so every node sees the same count.
 */
export async function login(
  ctx: AppContext,
  input: { email: string; password: string; uid: string; meta: RequestMeta },
): Promise<TokenData> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, input.email)).limit(1);
  const now = ctx.now();

  if (user?.lockedUntil && user.lockedUntil > now) {
    await recordAudit(ctx.db, input.meta, {
      action: 'login',
      outcome: 'denied',
      subjectId: user.id,
      detail: { reason: 'locked' },
    });
    throw new ProtocolError(Codes.accountLocked);
  }

  const passwordOk = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !passwordOk || user.status !== 'active') {
    if (user) await recordFailure(ctx, user.id, input.meta);
    await recordAudit(ctx.db, input.meta, {
      action: 'login',
      outcome: 'failure',
      subjectId: user?.id ?? null,
      detail: { reason: user ? (passwordOk ? `status_${user.status}` : 'wrong_password') : 'unknown_email' },
    });
    throw new ProtocolError(Codes.wrongCredentials);
  }

  if (!user.emailVerifiedAt) {
    await recordAudit(ctx.db, input.meta, {
      action: 'login',
      outcome: 'denied',
      subjectId: user.id,
      detail: { reason: 'email_unverified' },
    });
    throw new ProtocolError(Codes.forbidden, 'Please confirm your e-mail address first');
  }

  const session = await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ failedLogins: 0, failedWindowStartedAt: null, lockedUntil: null })
      .where(eq(users.id, user.id));
    const created = await createSession(ctx, tx, { userId: user.id, uid: input.uid, meta: input.meta });
    await recordAudit(tx, input.meta, {
      action: 'login',
      outcome: 'success',
      actorId: user.id,
      detail: { session: created.sessionId },
    });
    return created;
  });
  return tokenResponse(ctx, { userId: user.id, uid: input.uid, ...session });
}

/** Counts a failure in the current window; the threshold-th failure locks the account. */
async function recordFailure(ctx: AppContext, userId: string, meta: RequestMeta): Promise<void> {
  const { LOCKOUT_THRESHOLD, LOCKOUT_WINDOW_SECONDS, LOCKOUT_SECONDS } = ctx.config;
  const now = ctx.now();
  const windowStart = new Date(now.getTime() - LOCKOUT_WINDOW_SECONDS * 1000);
  const lockedUntil = new Date(now.getTime() + LOCKOUT_SECONDS * 1000);
  const freshWindow = sql`${users.failedWindowStartedAt} is null or ${users.failedWindowStartedAt} < ${windowStart}`;
  const count = sql`case when ${freshWindow} then 1 else ${users.failedLogins} + 1 end`;
  // One statement, so concurrent failures cannot lose a count.
  const [row] = await ctx.db
    .update(users)
    .set({
      failedWindowStartedAt: sql`case when ${count} >= ${LOCKOUT_THRESHOLD} then null when ${freshWindow} then ${now} else ${users.failedWindowStartedAt} end`,
      lockedUntil: sql`case when ${count} >= ${LOCKOUT_THRESHOLD} then ${lockedUntil} else ${users.lockedUntil} end`,
      failedLogins: sql`case when ${count} >= ${LOCKOUT_THRESHOLD} then 0 else ${count} end`,
    })
    .where(eq(users.id, userId))
    .returning({ lockedUntil: users.lockedUntil });
  if (row?.lockedUntil && row.lockedUntil.getTime() === lockedUntil.getTime()) {
    await recordAudit(ctx.db, meta, {
      action: 'account.lockout',
      outcome: 'success',
      subjectId: userId,
      detail: { minutes: LOCKOUT_SECONDS / 60 },
    });
  }
}
