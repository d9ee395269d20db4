import { describe, expect, it } from 'vitest';
import { addMonths } from '../../src/lib/add-months.ts';

describe('addMonths', () => {
  it.each([
    ['2026-01-15T09:30:00.000Z', 1, '2026-02-15T09:30:00.000Z'],
    ['2026-01-31T09:30:00.000Z', 1, '2026-02-28T09:30:00.000Z'],
    ['2028-01-31T00:00:00.000Z', 1, '2028-02-29T00:00:00.000Z'],
    ['2026-03-31T23:59:59.000Z', 13, '2027-04-30T23:59:59.000Z'],
    ['2026-12-10T12:00:00.000Z', 1, '2027-01-10T12:00:00.000Z'],
    ['2026-05-31T12:00:00.000Z', 0, '2026-05-31T12:00:00.000Z'],
  ])('%s plus %i months is %s, clamped to the month’s last day', (from, months, to) => {
    expect(addMonths(new Date(from), months).toISOString()).toBe(to);
  });
});
