import { and, eq, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { Codes, ProtocolError, type AuditAction } from '@portal/protocol';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { users } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';

/**
 * protocol.md §5 lockout, race-free: every password or code attempt takes one of
 * LOCKOUT_THRESHOLD slots of the window *before* it is judged, in one conditional UPDATE, so
 * attempts in flight together can never have more than the threshold judged. A wrong attempt
 * keeps its slot for the rest of the window; a right one gives its own slot back but forgives
 * no other (a success in the middle of a burst must not reopen it). The threshold-th wrong
 * attempt locks the account; an attempt whose password was right but that finishes after the
 * lock answers 10012 like everyone else.
 */

const notLocked = (now: Date): SQL => or(isNull(users.lockedUntil), lte(users.lockedUntil, now)) as SQL;

function windowOf(ctx: AppContext) {
  const now = ctx.now();
  const windowStart = new Date(now.getTime() - ctx.config.LOCKOUT_WINDOW_SECONDS * 1000);
  const fresh = sql`(${users.failedWindowStartedAt} is null or ${users.failedWindowStartedAt} < ${windowStart})`;
  return { now, fresh };
}

async function refuse(
  ctx: AppContext,
  userId: string,
  action: AuditAction,
  meta: RequestMeta,
): Promise<never> {
  await recordAudit(ctx.db, meta, {
    action,
    outcome: 'denied',
    subjectId: userId,
    detail: { reason: 'locked' },
  });
  throw new ProtocolError(Codes.accountLocked);
}

/**
 * Takes a slot for one attempt, or answers 10012 (audited under `action`) when the account is
 * locked or every slot of the window is taken by attempts still being judged.
 */
export async function reserveAttempt(
  ctx: AppContext,
  userId: string,
  action: AuditAction,
  meta: RequestMeta,
): Promise<void> {
  const { LOCKOUT_THRESHOLD } = ctx.config;
  const { now, fresh } = windowOf(ctx);
  const [slot] = await ctx.db
    .update(users)
    .set({
      failedLogins: sql`case when ${fresh} then 1 else ${users.failedLogins} + 1 end`,
      failedWindowStartedAt: sql`case when ${fresh} then ${now}::timestamptz else ${users.failedWindowStartedAt} end`,
    })
    .where(
      and(eq(users.id, userId), notLocked(now), or(fresh, sql`${users.failedLogins} < ${LOCKOUT_THRESHOLD}`)),
    )
    .returning({ id: users.id });
  if (!slot) await refuse(ctx, userId, action, meta);
}

/** The attempt was wrong: its slot stays taken; when every slot is spent the account locks. */
export async function settleFailure(ctx: AppContext, userId: string, meta: RequestMeta): Promise<void> {
  const { LOCKOUT_THRESHOLD, LOCKOUT_SECONDS } = ctx.config;
  const now = ctx.now();
  const lockedUntil = new Date(now.getTime() + LOCKOUT_SECONDS * 1000);
  const [locked] = await ctx.db
    .update(users)
    .set({ lockedUntil, failedLogins: 0, failedWindowStartedAt: null })
    .where(and(eq(users.id, userId), notLocked(now), sql`${users.failedLogins} >= ${LOCKOUT_THRESHOLD}`))
    .returning({ id: users.id });
  if (!locked) return;
  await recordAudit(ctx.db, meta, {
    action: 'account.lockout',
    outcome: 'success',
    subjectId: userId,
    detail: { minutes: LOCKOUT_SECONDS / 60 },
  });
}

/** 10012 for a right attempt that finished after the account locked; its transaction rolls back. */
export class LockedWhileJudged extends ProtocolError {
  constructor() {
    super(Codes.accountLocked);
  }
}

/**
 * The attempt was right: it gives its slot back, unless the account locked while it was being
 * judged (LockedWhileJudged). Inside the caller's transaction, so a refused success leaves
 * nothing behind.
 */
export async function releaseSlot(ctx: AppContext, tx: Queryable, userId: string): Promise<void> {
  const [released] = await tx
    .update(users)
    .set({ failedLogins: sql`greatest(${users.failedLogins} - 1, 0)` })
    .where(and(eq(users.id, userId), notLocked(ctx.now())))
    .returning({ id: users.id });
  if (!released) throw new LockedWhileJudged();
}

/** Runs the end of a right attempt; a lock that came first is audited under `action` and answers 10012. */
export async function unlessLockedMeanwhile<T>(
  ctx: AppContext,
  userId: string,
  action: AuditAction,
  meta: RequestMeta,
  finish: () => Promise<T>,
): Promise<T> {
  try {
    return await finish();
  } catch (error) {
    if (!(error instanceof LockedWhileJudged)) throw error;
    await recordAudit(ctx.db, meta, {
      action,
      outcome: 'denied',
      subjectId: userId,
      detail: { reason: 'locked_while_judged' },
    });
    throw error;
  }
}
