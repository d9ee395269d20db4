import { afterEach, describe, expect, test, vi } from 'vitest';
import { RETURN_PATH_TTL_MS, rememberReturnPath, takeReturnPath } from '../../src/api/return-path.ts';

describe('the way back after signing in', () => {
  afterEach(() => vi.useRealTimers());

  test('outlives the tab that kept it, and is used once', () => {
    rememberReturnPath('/caregiver/accept?token=abc');
    sessionStorage.clear();
    expect(takeReturnPath()).toBe('/caregiver/accept?token=abc');
    expect(takeReturnPath()).toBeNull();
  });

  test('is not followed once it has expired', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    rememberReturnPath('/caregiver/accept?token=abc');
    vi.setSystemTime(Date.now() + RETURN_PATH_TTL_MS + 1);
    expect(takeReturnPath()).toBeNull();
  });

  test('keeps only a path of this site', () => {
    for (const elsewhere of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      rememberReturnPath(elsewhere);
      expect(takeReturnPath()).toBeNull();
    }
  });
});
