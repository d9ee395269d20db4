import { and, eq, gt, isNull } from 'drizzle-orm';
import { Codes, ProtocolError, type MfaChallenge, type TokenData } from '@portal/protocol';
import type { AppContext, RequestMeta } from '../../context.ts';
import { mfaChallenges, users } from '../../db/schema/index.ts';
import { randomToken, tokenHash } from '../../lib/random-token.ts';
import { recordAudit } from '../audit/index.ts';
import { releaseSlot, reserveAttempt, settleFailure, unlessLockedMeanwhile } from './lockout.ts';
import { recoveryCodesLeft, verifySecondFactor } from './mfa-factor.ts';
import { openSession } from './start-session.ts';
import { tokenResponse } from './token-response.ts';

/** Long enough to open an authenticator app, short enough that a stolen challenge is soon useless. */
const CHALLENGE_TTL_SECONDS = 5 * 60;

export const WRONG_CODE = 'The code is incorrect or has already been used';

/** protocol.md §5: the password was right; the login waits for the second factor. */
export async function issueMfaChallenge(
  ctx: AppContext,
  input: { userId: string; uid: string; meta: RequestMeta },
): Promise<MfaChallenge> {
  const mfaToken = randomToken();
  await ctx.db.transaction(async (tx) => {
    await releaseSlot(ctx, tx, input.userId);
    await tx.insert(mfaChallenges).values({
      tokenHash: tokenHash(mfaToken),
      userId: input.userId,
      uid: input.uid,
      expiresAt: new Date(ctx.now().getTime() + CHALLENGE_TTL_SECONDS * 1000),
    });
    await recordAudit(tx, input.meta, {
      action: 'login.mfa_challenge',
      outcome: 'success',
      subjectId: input.userId,
    });
  });
  return { mfa: true, mfa_token: mfaToken };
}

/**
 * protocol.md §5/§10: `POST /token/mfa/`. The challenge must be live, unused and issued to this
 * uid (else 10401: sign in again). A wrong or replayed code counts toward the same lockout as a
 * wrong password and answers 10400 at `code`; the challenge stays usable until it expires.
 */
export async function completeMfaLogin(
  ctx: AppContext,
  input: { mfaToken: string; code: string; uid: string; meta: RequestMeta },
): Promise<TokenData> {
  const live = and(
    eq(mfaChallenges.tokenHash, tokenHash(input.mfaToken)),
    eq(mfaChallenges.uid, input.uid),
    isNull(mfaChallenges.usedAt),
    gt(mfaChallenges.expiresAt, ctx.now()),
  );
  const [challenge] = await ctx.db
    .select({ userId: mfaChallenges.userId, status: users.status })
    .from(mfaChallenges)
    .innerJoin(users, eq(users.id, mfaChallenges.userId))
    .where(live);
  if (!challenge || challenge.status !== 'active') {
    await recordAudit(ctx.db, input.meta, {
      action: 'login.mfa',
      outcome: 'failure',
      subjectId: challenge?.userId ?? null,
      detail: { reason: challenge ? `status_${challenge.status}` : 'invalid_challenge' },
    });
    throw new ProtocolError(Codes.sessionExpired);
  }
  const { userId } = challenge;
  await reserveAttempt(ctx, userId, 'login.mfa', input.meta);

  const judge = () =>
    ctx.db.transaction(async (tx) => {
      const factor = await verifySecondFactor(ctx, tx, userId, input.code);
      if (!factor) return { refusal: 'wrong_code' as const };
      const [consumed] = await tx
        .update(mfaChallenges)
        .set({ usedAt: ctx.now() })
        .where(live)
        .returning({ userId: mfaChallenges.userId });
      if (!consumed) return { refusal: 'challenge_used' as const };
      if (factor === 'recovery_code') {
        await recordAudit(tx, input.meta, {
          action: 'mfa.recovery_code_used',
          outcome: 'success',
          actorId: userId,
          detail: { left: await recoveryCodesLeft(tx, userId) },
        });
      }
      const session = await openSession(ctx, tx, {
        userId,
        uid: input.uid,
        meta: input.meta,
        detail: { mfa: factor },
      });
      return { session };
    });
  const outcome = await unlessLockedMeanwhile(ctx, userId, 'login.mfa', input.meta, judge);

  if ('refusal' in outcome) {
    await recordAudit(ctx.db, input.meta, {
      action: 'login.mfa',
      outcome: 'failure',
      subjectId: userId,
      detail: { reason: outcome.refusal },
    });
    await settleFailure(ctx, userId, input.meta);
    if (outcome.refusal === 'challenge_used') throw new ProtocolError(Codes.sessionExpired);
    throw new ProtocolError(Codes.validation, WRONG_CODE, [{ path: 'code', message: WRONG_CODE }]);
  }
  return tokenResponse(ctx, { userId, uid: input.uid, ...outcome.session });
}
