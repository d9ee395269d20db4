import { and, eq, gt, isNull } from 'drizzle-orm';
import { Codes, ProtocolError } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { refreshTokens, sessions } from '../../db/schema/index.ts';
import { tokenHash } from '../../lib/random-token.ts';
import { loadSettings } from '../settings/index.ts';
import { issueRefreshToken, refreshExpiry, revokeSession } from './session-queries.ts';
import { timedOut } from './session-timeouts.ts';

/**
 * protocol.md §5: a refresh token works once. Presenting a rotated one again means it
 * was copied: the whole session is revoked (theft detection). The session follows the
 * uid it is refreshed from, so a client that had to handshake again keeps its session.
 */
export async function rotateRefreshToken(
  ctx: AppContext,
  refresh: string,
  uid: string,
): Promise<{ userId: string; sessionId: string; refresh: string }> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const [used] = await tx
      .update(refreshTokens)
      .set({ usedAt: ctx.now() })
      .where(and(eq(refreshTokens.tokenHash, tokenHash(refresh)), isNull(refreshTokens.usedAt)))
      .returning({ sessionId: refreshTokens.sessionId });
    if (!used) {
      const [reused] = await tx
        .select({ sessionId: refreshTokens.sessionId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash(refresh)));
      if (reused) await revokeSession(ctx, tx, reused.sessionId, 'refresh_reuse');
      return undefined;
    }
    const [current] = await tx
      .select({ createdAt: sessions.createdAt, lastUsedAt: sessions.lastUsedAt })
      .from(sessions)
      .where(eq(sessions.id, used.sessionId));
    if (current && timedOut(ctx, current, await loadSettings(ctx, tx))) {
      await revokeSession(ctx, tx, used.sessionId, 'timeout');
      return undefined;
    }
    // A refresh is not a use: the web refreshes on its own when a poll finds the token expired.
    const [session] = await tx
      .update(sessions)
      .set({ uid, expiresAt: refreshExpiry(ctx) })
      .where(
        and(eq(sessions.id, used.sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, ctx.now())),
      )
      .returning({ userId: sessions.userId });
    if (!session) return undefined;
    return {
      userId: session.userId,
      sessionId: used.sessionId,
      refresh: await issueRefreshToken(tx, used.sessionId),
    };
  });
  // Refused outside the transaction, so the revocation of a reused family commits.
  if (!outcome) throw new ProtocolError(Codes.sessionExpired);
  return outcome;
}
