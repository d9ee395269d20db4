import { describe, expect, it } from 'vitest';
import { StorageKeys } from '../../src/api/storage-keys.ts';
import { getLastUse, laterUse, recordUse, subscribeLastUse } from '../../src/api/last-use.ts';

describe('last use across tabs', () => {
  it('keeps the later of two uses and ignores what is not a time', () => {
    expect(laterUse(null, '1000')).toBe(1000);
    expect(laterUse(2000, '1000')).toBe(2000);
    expect(laterUse(1000, '2000')).toBe(2000);
    expect(laterUse(1000, null)).toBe(1000);
    expect(laterUse(1000, 'soon')).toBe(1000);
    expect(laterUse(null, '-5')).toBeNull();
  });

  it('stores a use for the other tabs and never moves back', () => {
    const now = Date.now();
    recordUse(now);
    expect(getLastUse()).toBe(now);
    expect(localStorage.getItem(StorageKeys.lastUse)).toBe(String(now));
    recordUse(now - 5_000);
    expect(getLastUse()).toBe(now);
  });

  it('hears another tab’s use through the storage event', () => {
    const seen: (number | null)[] = [];
    const stop = subscribeLastUse(() => seen.push(getLastUse()));
    const later = Date.now() + 60_000;
    window.dispatchEvent(new StorageEvent('storage', { key: StorageKeys.lastUse, newValue: String(later) }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'other', newValue: String(later + 1) }));
    stop();
    expect(seen).toEqual([later]);
    expect(getLastUse()).toBe(later);
  });
});
