import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { Codes, ProtocolError, type AccountSession } from '@portal/protocol';
import type { AppContext, RequestMeta } from '../../context.ts';
import { sessions } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import type { SignedInUser } from '../../plugins/auth.ts';
import { deviceOf } from './device-label.ts';

const liveSessionsOf = (ctx: AppContext, userId: string) =>
  and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, ctx.now()));

/** The signed-in user's live sessions, the most recently used first. */
export async function listSessions(ctx: AppContext, user: SignedInUser): Promise<AccountSession[]> {
  const rows = await ctx.db
    .select()
    .from(sessions)
    .where(liveSessionsOf(ctx, user.id))
    .orderBy(desc(sessions.lastUsedAt));
  return rows.map((row) => ({
    id: row.id,
    ...deviceOf(row.userAgent),
    ip: row.ip,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt.toISOString(),
    current: row.id === user.sessionId,
  }));
}

/**
 * Ends one of the user's own sessions; its next request answers 10401. Another user's session
 * id answers 10404 exactly like an unknown one (contributing.md: owner-scoped lookups).
 */
export async function endSession(
  ctx: AppContext,
  user: SignedInUser,
  sessionId: string,
  meta: RequestMeta,
): Promise<void> {
  const ended = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(sessions)
      .set({ revokedAt: ctx.now(), revokedReason: 'user' })
      .where(and(eq(sessions.id, sessionId), liveSessionsOf(ctx, user.id)))
      .returning({ id: sessions.id });
    await recordAudit(tx, meta, {
      action: 'session.end',
      outcome: row ? 'success' : 'failure',
      actorId: user.id,
      target: `sessions:${sessionId}`,
      ...(row ? {} : { detail: { reason: 'not_found' } }),
    });
    return Boolean(row);
  });
  // Decision 0008: the ended session's next poll on this node must not wait for the notification.
  ctx.liveness.forgetSession(sessionId);
  if (!ended) throw new ProtocolError(Codes.itemsNotFound);
}

/** "Sign out all other devices": every live session but the one making the request. */
export async function endOtherSessions(
  ctx: AppContext,
  user: SignedInUser,
  meta: RequestMeta,
): Promise<{ ended: number }> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(sessions)
      .set({ revokedAt: ctx.now(), revokedReason: 'user' })
      .where(and(liveSessionsOf(ctx, user.id), ne(sessions.id, user.sessionId)))
      .returning({ id: sessions.id });
    await recordAudit(tx, meta, {
      action: 'session.end_others',
      outcome: 'success',
      actorId: user.id,
      detail: { ended: rows.length },
    });
    return { ended: rows.length };
  });
  // Decision 0008: the requesting session is forgotten too; its next poll simply reads again.
  ctx.liveness.forgetUser(user.id);
  return outcome;
}
