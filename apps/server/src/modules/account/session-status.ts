import { Codes, ProtocolError, type SessionStatus } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { SignedInUser } from '../../plugins/auth.ts';
import { touchSessionNow, type SessionTimes } from '../auth/index.ts';

const MINUTE = 60_000;

/**
 * How long this session has left as the server judges it (decision 0006): durations rather
 * than clock times, so the web's countdown does not depend on its clock agreeing with ours.
 */
export function sessionStatusOf(ctx: AppContext, times: SessionTimes): SessionStatus {
  const now = ctx.now().getTime();
  const { idle_timeout_minutes, session_timeout_minutes } = times.limits;
  return {
    idle_timeout_minutes,
    session_timeout_minutes,
    last_used_at: times.lastUsedAt.toISOString(),
    idle_remaining_ms: Math.max(0, times.lastUsedAt.getTime() + idle_timeout_minutes * MINUTE - now),
    lifetime_remaining_ms: Math.max(0, times.createdAt.getTime() + session_timeout_minutes * MINUTE - now),
  };
}

/**
 * "Stay signed in" (WCAG 2.1 SC 2.2.1): a use written now, past the once-a-minute throttle,
 * so the idle countdown restarts exactly. It cannot lengthen the session's lifetime.
 */
export async function extendSession(ctx: AppContext, user: SignedInUser): Promise<SessionStatus> {
  const lastUsedAt = await touchSessionNow(ctx, user.sessionId);
  // Revoked between the request's check and here (a sign-out elsewhere): as any ended session.
  if (!lastUsedAt) throw new ProtocolError(Codes.sessionExpired);
  return sessionStatusOf(ctx, { ...user.sessionTimes, lastUsedAt });
}
