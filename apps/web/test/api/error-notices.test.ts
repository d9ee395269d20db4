import { describe, expect, it } from 'vitest';
import { findErrorRule } from '../../src/api/error-notices.ts';

describe('spec §8 error catalogue as data', () => {
  it.each([
    [401, 10401, 'sessionExpired', 5_000, 'error'],
    [200, 10401, 'sessionExpired', 10_000, 'error'],
    [423, 10012, 'accountLocked', 10_000, 'error'],
    [401, 10013, 'loginFailed', 8_000, 'warning'],
  ])('HTTP %i with code %i → %s for %i ms (%s) and logout', (status, code, key, durationMs, tone) => {
    const rule = findErrorRule(status, code);
    expect(rule?.notice).toEqual({ key, durationMs, tone });
    expect(rule?.endSession).toBeTruthy();
  });

  it('rejects other errors without a notice', () => {
    expect(findErrorRule(400, 10400)).toBeUndefined();
    expect(findErrorRule(404, 10404)).toBeUndefined();
    expect(findErrorRule(429, 10429)).toBeUndefined();
  });
});
