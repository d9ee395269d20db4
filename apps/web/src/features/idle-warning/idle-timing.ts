/**
 * Decision 0010: when the web warns that the session is about to end, and when it ends it.
 * Every time here is this browser's clock in ms; the server's remaining times are durations
 * turned into local times by the moment the status was asked for.
 */

const SECOND = 1_000;
const MINUTE = 60 * SECOND;

/** WCAG 2.1 SC 2.2.1: at least 20 s to answer the warning. */
export const MIN_WARNING_MS = 20 * SECOND;
const MAX_WARNING_MS = 2 * MINUTE;
/** The web asks the server again at least this often, so a changed limit is learnt. */
export const RECHECK_MS = 5 * MINUTE;

/** How long before the end the warning shows: 2 minutes, or half a short limit, never under 20 s. */
export function warningLeadMs(idleMs: number): number {
  return Math.max(MIN_WARNING_MS, Math.min(MAX_WARNING_MS, idleMs / 2));
}

/**
 * How far the server's last use may trail the real one: it writes last use at most once a
 * minute, or every tenth of a shorter limit (touchAfterMs in the server's session-service.ts).
 */
export function touchSlackMs(idleMs: number): number {
  return Math.min(MINUTE, idleMs / 10);
}

/** What the server said, on this browser's clock. */
export interface SessionSnapshot {
  idleMs: number;
  /** When the server would end the session by idleness, as of the status. */
  idleEndsAt: number;
  /** When the session's lifetime runs out; nothing extends it. */
  lifetimeEndsAt: number;
}

/** A status answer read as local times; `askedAt` is when the request was sent (the earlier bound). */
export function snapshotOf(
  status: { idle_timeout_minutes: number; idle_remaining_ms: number; lifetime_remaining_ms: number },
  askedAt: number,
): SessionSnapshot {
  return {
    idleMs: status.idle_timeout_minutes * MINUTE,
    idleEndsAt: askedAt + status.idle_remaining_ms,
    lifetimeEndsAt: askedAt + status.lifetime_remaining_ms,
  };
}

export type EndReason = 'idle' | 'lifetime';

/**
 * The earliest moment the server could end the session. A use after the status moves the idle
 * end to at least its time + limit − slack (the server may not have written it); never earlier
 * than the end the server last told.
 */
export function sessionEnd(
  snapshot: SessionSnapshot,
  lastUse: number | null,
): { at: number; reason: EndReason } {
  const byUse = lastUse === null ? -Infinity : lastUse + snapshot.idleMs - touchSlackMs(snapshot.idleMs);
  const idleEnd = Math.max(snapshot.idleEndsAt, byUse);
  return idleEnd <= snapshot.lifetimeEndsAt
    ? { at: idleEnd, reason: 'idle' }
    : { at: snapshot.lifetimeEndsAt, reason: 'lifetime' };
}

export type IdlePlan =
  /** Nothing to show; ask the server again at `checkAt` (the warning time or a routine recheck). */
  | { kind: 'wait'; checkAt: number }
  /** Show the warning, counting down to `endsAt`. */
  | { kind: 'warn'; endsAt: number; reason: EndReason }
  /** The end has come: sign out. */
  | { kind: 'end' };

export function planIdle(snapshot: SessionSnapshot, lastUse: number | null, now: number): IdlePlan {
  const end = sessionEnd(snapshot, lastUse);
  if (now >= end.at) return { kind: 'end' };
  const warnAt = end.at - warningLeadMs(snapshot.idleMs);
  if (now >= warnAt) return { kind: 'warn', endsAt: end.at, reason: end.reason };
  return { kind: 'wait', checkAt: Math.min(warnAt, now + RECHECK_MS) };
}

/** The countdown as the dialog shows it: whole seconds left, rounded up, as m:ss. */
export function countdownText(remainingMs: number): string {
  const seconds = Math.max(0, Math.ceil(remainingMs / SECOND));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * What a screen reader is told while the countdown runs: only at 1 minute and 30 s left (the
 * dialog's own text is read when it opens), not every second.
 */
export type Milestone = 'open' | 'oneMinute' | 'thirtySeconds';

export function milestoneOf(remainingMs: number): Milestone {
  if (remainingMs > MINUTE) return 'open';
  return remainingMs > 30 * SECOND ? 'oneMinute' : 'thirtySeconds';
}
