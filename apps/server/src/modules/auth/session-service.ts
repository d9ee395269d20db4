import { and, eq, gt, isNull } from 'drizzle-orm';
import { Codes, ProtocolError, type Role } from '@portal/protocol';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { refreshTokens, sessions, users } from '../../db/schema/index.ts';
import { randomToken, tokenHash } from '../../lib/random-token.ts';

export type RevokeReason = 'logout' | 'refresh_reuse' | 'password_reset' | 'admin' | 'user';

export async function createSession(
  ctx: AppContext,
  db: Queryable,
  input: { userId: string; uid: string; meta: RequestMeta },
): Promise<{ sessionId: string; refresh: string }> {
  const [session] = await db
    .insert(sessions)
    .values({
      userId: input.userId,
      uid: input.uid,
      ip: input.meta.ip,
      userAgent: input.meta.userAgent,
      expiresAt: refreshExpiry(ctx),
    })
    .returning({ id: sessions.id });
  const refresh = await issueRefreshToken(db, session!.id);
  return { sessionId: session!.id, refresh };
}

/** The session behind an access token, if it is still live and its user still active. */
export async function findLiveSession(
  ctx: AppContext,
  sessionId: string,
  userId: string,
): Promise<{ roles: Role[] } | undefined> {
  const [row] = await ctx.db
    .select({ roles: users.roles })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, ctx.now()),
        eq(users.status, 'active'),
      ),
    )
    .limit(1);
  return row ? { roles: row.roles as Role[] } : undefined;
}

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
    const [session] = await tx
      .update(sessions)
      .set({ uid, lastUsedAt: ctx.now(), expiresAt: refreshExpiry(ctx) })
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

export async function revokeSession(
  ctx: AppContext,
  db: Queryable,
  sessionId: string,
  reason: RevokeReason,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: ctx.now(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(
  ctx: AppContext,
  db: Queryable,
  userId: string,
  reason: RevokeReason,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: ctx.now(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

async function issueRefreshToken(db: Queryable, sessionId: string): Promise<string> {
  const refresh = randomToken();
  await db.insert(refreshTokens).values({ tokenHash: tokenHash(refresh), sessionId });
  return refresh;
}

function refreshExpiry(ctx: AppContext): Date {
  return new Date(ctx.now().getTime() + ctx.config.REFRESH_TOKEN_TTL_SECONDS * 1000);
}
