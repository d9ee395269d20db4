import { eq } from 'drizzle-orm';
import { Codes, ProtocolError, type LoginResult } from '@portal/protocol';
import type { AppContext, RequestMeta } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { recordAudit } from '../audit/index.ts';
import { releaseSlot, reserveAttempt, settleFailure, unlessLockedMeanwhile } from './lockout.ts';
import { issueMfaChallenge } from './mfa-challenge.ts';
import { startSession } from './start-session.ts';

/**
 * protocol.md §5. One answer (10013) for an unknown e-mail and a wrong password, in
 * the same time (verifyPassword hashes a dummy for unknown accounts). Lockout counters
 * live in the database so every node sees the same count; the attempt is counted before
 * the password is judged (lockout.ts).
 */
export async function login(
  ctx: AppContext,
  input: { email: string; password: string; uid: string; meta: RequestMeta },
): Promise<LoginResult> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, input.email)).limit(1);
  if (user) await reserveAttempt(ctx, user.id, 'login', input.meta);

  const passwordOk = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !passwordOk || user.status !== 'active') {
    if (user) await settleFailure(ctx, user.id, input.meta);
    await recordAudit(ctx.db, input.meta, {
      action: 'login',
      outcome: 'failure',
      subjectId: user?.id ?? null,
      detail: { reason: user ? (passwordOk ? `status_${user.status}` : 'wrong_password') : 'unknown_email' },
    });
    throw new ProtocolError(Codes.wrongCredentials);
  }

  const { meta, uid } = input;
  return unlessLockedMeanwhile(ctx, user.id, 'login', meta, async () => {
    if (!user.emailVerifiedAt) {
      await ctx.db.transaction((tx) => releaseSlot(ctx, tx, user.id));
      await recordAudit(ctx.db, meta, {
        action: 'login',
        outcome: 'denied',
        subjectId: user.id,
        detail: { reason: 'email_unverified' },
      });
      throw new ProtocolError(Codes.forbidden, 'Please confirm your e-mail address first');
    }
    // A right password gives its slot back with the challenge; the code takes a slot of its own.
    return user.mfaEnabled
      ? issueMfaChallenge(ctx, { userId: user.id, uid, meta })
      : startSession(ctx, { userId: user.id, uid, meta });
  });
}
