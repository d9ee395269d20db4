import { settingsValues, type SettingsValues } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { settingsDefaults } from '../settings/index.ts';

export type SessionTimeouts = Pick<SettingsValues, 'idle_timeout_minutes' | 'session_timeout_minutes'>;

/**
 * The two limits in force, judged on every request that reads the auth statement. A limit no
 * administrator has set (no row: null) is the default without a parse, since a failed zod parse
 * builds its error; a stored value that no longer passes its schema falls back to it too.
 */
export function timeoutsOf(ctx: AppContext, stored: { idle: unknown; lifetime: unknown }): SessionTimeouts {
  const defaults = settingsDefaults(ctx.config);
  return {
    idle_timeout_minutes: limitOr(stored.idle, 'idle_timeout_minutes', defaults),
    session_timeout_minutes: limitOr(stored.lifetime, 'session_timeout_minutes', defaults),
  };
}

function limitOr(stored: unknown, key: keyof SessionTimeouts, defaults: SessionTimeouts): number {
  if (stored === null || stored === undefined) return defaults[key];
  const parsed = settingsValues.shape[key].safeParse(stored);
  return parsed.success ? parsed.data : defaults[key];
}

/**
 * Whether a session has run out: unused for longer than the idle timeout, or older than
 * the session timeout. last_used_at trails the real last use by less than touchAfterMs,
 * so a session ends at most that much early, never late.
 */
export function timedOut(
  ctx: AppContext,
  session: { createdAt: Date; lastUsedAt: Date },
  limits: SessionTimeouts,
) {
  const now = ctx.now().getTime();
  return (
    now - session.lastUsedAt.getTime() > limits.idle_timeout_minutes * 60_000 ||
    now - session.createdAt.getTime() > limits.session_timeout_minutes * 60_000
  );
}

/** How stale last_used_at may get: a minute, or a tenth of a short idle timeout. */
export function touchAfterMs(limits: SessionTimeouts): number {
  return Math.min(60_000, (limits.idle_timeout_minutes * 60_000) / 10);
}
