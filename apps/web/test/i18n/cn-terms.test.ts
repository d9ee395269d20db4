import { describe, expect, it } from 'vitest';

const cn = import.meta.glob<{ default: unknown }>('../../src/i18n/cn/*.ts', { eager: true });

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(strings);
  return [];
}

const all = Object.values(cn).flatMap((module) => strings(module.default));

describe('cn words for one thing', () => {
  it('calls the intake 入院登记表 on every screen, the worklist and the chart alike', () => {
    const otherNames = all.filter((text) => /入院资料|(?<!入院)登记表/.test(text));
    expect(otherNames).toEqual([]);
  });
});
