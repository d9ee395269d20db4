import { describe, expect, it } from 'vitest';
import {
  countdownText,
  milestoneOf,
  planIdle,
  sessionEnd,
  snapshotOf,
  touchSlackMs,
  warningLeadMs,
  type SessionSnapshot,
} from '../../../src/features/idle-warning/idle-timing.ts';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const T0 = 1_700_000_000_000;

/** A 30-minute idle limit and a 12-hour lifetime, as the server answered at T0 just after a use. */
const fresh: SessionSnapshot = snapshotOf(
  { idle_timeout_minutes: 30, idle_remaining_ms: 30 * MINUTE, lifetime_remaining_ms: 720 * MINUTE },
  T0,
);

describe('when to warn', () => {
  it('warns 2 minutes ahead, half a short limit ahead, never less than 20 s ahead', () => {
    expect(warningLeadMs(30 * MINUTE)).toBe(2 * MINUTE);
    expect(warningLeadMs(4 * MINUTE)).toBe(2 * MINUTE);
    expect(warningLeadMs(3 * MINUTE)).toBe(90 * SECOND);
    expect(warningLeadMs(1 * MINUTE)).toBe(30 * SECOND);
    expect(warningLeadMs(30 * SECOND)).toBe(20 * SECOND);
  });

  it('waits until 2 minutes before the server’s end, asking again at least every 5 minutes', () => {
    expect(planIdle(fresh, null, T0)).toEqual({ kind: 'wait', checkAt: T0 + 5 * MINUTE });
    expect(planIdle(fresh, null, T0 + 26 * MINUTE)).toEqual({ kind: 'wait', checkAt: T0 + 28 * MINUTE });
  });

  it('warns from 2 minutes before the end and ends at it', () => {
    expect(planIdle(fresh, null, T0 + 28 * MINUTE)).toEqual({
      kind: 'warn',
      endsAt: T0 + 30 * MINUTE,
      reason: 'idle',
    });
    expect(planIdle(fresh, null, T0 + 30 * MINUTE)).toEqual({ kind: 'end' });
  });

  it('warns of the lifetime when it runs out before the idle limit', () => {
    const old = snapshotOf(
      { idle_timeout_minutes: 30, idle_remaining_ms: 30 * MINUTE, lifetime_remaining_ms: 10 * MINUTE },
      T0,
    );
    expect(planIdle(old, T0, T0 + 9 * MINUTE)).toEqual({
      kind: 'warn',
      endsAt: T0 + 10 * MINUTE,
      reason: 'lifetime',
    });
  });
});

describe('when the session ends, as the server counts use', () => {
  it('counts from a later use less the server’s write throttle, since last use may not be written yet', () => {
    expect(touchSlackMs(30 * MINUTE)).toBe(MINUTE);
    expect(touchSlackMs(5 * MINUTE)).toBe(30 * SECOND);
    const used = T0 + 10 * MINUTE;
    expect(sessionEnd(fresh, used)).toEqual({ at: used + 29 * MINUTE, reason: 'idle' });
  });

  it('never ends earlier than the server last said, whatever an older use says', () => {
    expect(sessionEnd(fresh, T0 - 20 * MINUTE)).toEqual({ at: T0 + 30 * MINUTE, reason: 'idle' });
  });

  it('closes the warning when another tab uses the portal', () => {
    const nearEnd = T0 + 29 * MINUTE;
    expect(planIdle(fresh, null, nearEnd).kind).toBe('warn');
    expect(planIdle(fresh, nearEnd, nearEnd)).toEqual({ kind: 'wait', checkAt: nearEnd + 5 * MINUTE });
  });

  it('reads the server’s durations from when the status was asked, not from the server’s clock', () => {
    const asked = snapshotOf(
      { idle_timeout_minutes: 5, idle_remaining_ms: 90 * SECOND, lifetime_remaining_ms: 60 * MINUTE },
      T0,
    );
    expect(asked).toEqual({
      idleMs: 5 * MINUTE,
      idleEndsAt: T0 + 90 * SECOND,
      lifetimeEndsAt: T0 + 60 * MINUTE,
    });
    expect(planIdle(asked, null, T0)).toEqual({ kind: 'warn', endsAt: T0 + 90 * SECOND, reason: 'idle' });
  });
});

describe('the countdown', () => {
  it('shows whole seconds left, rounded up, as m:ss', () => {
    expect(countdownText(105 * SECOND)).toBe('1:45');
    expect(countdownText(119_001)).toBe('2:00');
    expect(countdownText(9_500)).toBe('0:10');
    expect(countdownText(-5)).toBe('0:00');
  });

  it('gives screen readers only the 1-minute and 30-second marks', () => {
    expect(milestoneOf(2 * MINUTE)).toBe('open');
    expect(milestoneOf(61 * SECOND)).toBe('open');
    expect(milestoneOf(MINUTE)).toBe('oneMinute');
    expect(milestoneOf(31 * SECOND)).toBe('oneMinute');
    expect(milestoneOf(30 * SECOND)).toBe('thirtySeconds');
  });
});
