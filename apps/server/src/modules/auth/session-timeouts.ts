import { settingsValues, type SettingsValues } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { settingsDefaults } from '../settings/index.ts';

export type SessionTimeouts = Pick<SettingsValues, 'idle_timeout_minutes' | 'session_timeout_minutes'>;

/** The two limits in force; a stored value that no longer passes its schema falls back to the default. */
export function timeoutsOf(ctx: AppContext, stored: { idle: unknown; lifetime: unknown }): SessionTimeouts {
  const defaults = settingsDefaults(ctx.config);
  const idle = settingsValues.shape.idle_timeout_minutes.safeParse(stored.idle);
  const lifetime = settingsValues.shape.session_timeout_minutes.safeParse(stored.lifetime);
  return {
    idle_timeout_minutes: idle.success ? idle.data : defaults.idle_timeout_minutes,
    session_timeout_minutes: lifetime.success ? lifetime.data : defaults.session_timeout_minutes,
  };
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
