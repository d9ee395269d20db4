import { eq, sql } from 'drizzle-orm';
import { Codes, ProtocolError } from '@portal/protocol';
import type { AppContext, RequestMeta } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/audit-service.ts';

/** protocol.md §5: while a lockout lasts, every attempt answers 10012, right or not. */
export async function refuseWhileLocked(
  ctx: AppContext,
  user: { id: string; lockedUntil: Date | null },
  action: string,
  meta: RequestMeta,
): Promise<void> {
  if (!user.lockedUntil || user.lockedUntil <= ctx.now()) return;
  await recordAudit(ctx.db, meta, {
    action,
    outcome: 'denied',
    subjectId: user.id,
    detail: { reason: 'locked' },
  });
  throw new ProtocolError(Codes.accountLocked);
}

/** Counts a failure in the current window; the threshold-th failure locks the account. */
export async function recordFailure(ctx: AppContext, userId: string, meta: RequestMeta): Promise<void> {
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
