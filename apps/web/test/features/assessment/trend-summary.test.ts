import { describe, expect, it } from 'vitest';
import { dueMessage } from '../../../src/features/assessment/due-text.ts';
import { trendPoints, trendSummary } from '../../../src/ui/trend-summary.ts';

const history = [
  { id: 'a', submitted_at: '2026-03-01T09:00:00.000Z', version: 1, score: 40, band: 'severe_dependency' },
  { id: 'b', submitted_at: '2026-03-08T09:00:00.000Z', version: 1, score: 55, band: 'severe_dependency' },
];

describe('BF-ADL trend', () => {
  it('puts every point of the chart into its text alternative, oldest first', () => {
    const points = trendPoints(history, (date) => date.toISOString().slice(0, 10));
    const t = (key: string, values: Record<string, string | number>) =>
      ({
        'history.chartPoint': `${values.score} on ${values.date}`,
        'history.pointSeparator': ', ',
      })[key] ?? `${values.min}-${values.max}: ${values.points}`;
    expect(trendSummary(points, t, { min: 0, max: 100 })).toBe('0-100: 40 on 2026-03-01, 55 on 2026-03-08');
  });

  it('says whether an assessment is due, or when the next one is', () => {
    const latest = { ...history[1]!, answers: {} };
    expect(dueMessage({ latest: null, due: true, next_due_at: null })).toEqual({ key: 'due.first' });
    expect(dueMessage({ latest, due: true, next_due_at: '2026-06-06T09:00:00.000Z' })).toEqual({
      key: 'due.now',
    });
    expect(dueMessage({ latest, due: false, next_due_at: '2026-06-06T09:00:00.000Z' })).toEqual({
      key: 'due.next',
      date: new Date('2026-06-06T09:00:00.000Z'),
    });
  });
});
