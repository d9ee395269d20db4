import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { refreshTokens, sessions } from '../../db/schema/index.ts';
import { randomToken, tokenHash } from '../../lib/random-token.ts';

/** `timeout`: idle or past its lifetime (settings `idle_timeout_minutes`, `session_timeout_minutes`). */
export type RevokeReason = 'logout' | 'refresh_reuse' | 'password_reset' | 'admin' | 'user' | 'timeout';

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
      // The session clocks run on ctx.now(), not the database's, like every expiry here.
      createdAt: ctx.now(),
      lastUsedAt: ctx.now(),
      expiresAt: refreshExpiry(ctx),
    })
    .returning({ id: sessions.id });
  const refresh = await issueRefreshToken(db, session!.id);
  return { sessionId: session!.id, refresh };
}

/**
 * "Stay signed in": the session counts as used now, whatever touchAfterMs would allow, so
 * the client's countdown starts from an exact last use. Only a live session is touched.
 */
export async function touchSessionNow(ctx: AppContext, sessionId: string): Promise<Date | undefined> {
  const [row] = await ctx.db
    .update(sessions)
    .set({ lastUsedAt: ctx.now() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ lastUsedAt: sessions.lastUsedAt });
  return row?.lastUsedAt;
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
  // Decision 0008: this node's next poll must not wait for the notification.
  ctx.liveness.forgetSession(sessionId);
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
  ctx.liveness.forgetUser(userId);
}

export async function issueRefreshToken(db: Queryable, sessionId: string): Promise<string> {
  const refresh = randomToken();
  await db.insert(refreshTokens).values({ tokenHash: tokenHash(refresh), sessionId });
  return refresh;
}

export function refreshExpiry(ctx: AppContext): Date {
  return new Date(ctx.now().getTime() + ctx.config.REFRESH_TOKEN_TTL_SECONDS * 1000);
}
