import type { Result } from 'lighthouse';
import { percentile } from '../lib/percentile.ts';

export interface Metric {
  title: string;
  /** The run's value in the unit shown, or null when Lighthouse could not measure it. */
  read(lhr: Result): number | null;
  digits: number;
  /** The target on the median: at least `min` or at most `max`. */
  min?: number;
  max?: number;
}

const score = (id: 'performance' | 'accessibility' | 'best-practices') => (lhr: Result) => {
  const raw = lhr.categories[id]?.score;
  return raw === null || raw === undefined ? null : Math.round(raw * 100);
};
const audit =
  (id: string, scale = 1) =>
  (lhr: Result) => {
    const value = lhr.audits[id]?.numericValue;
    return value === undefined ? null : value / scale;
  };

/** What the report shows per page, targets first, judged on the median of the runs. */
export const METRICS: readonly Metric[] = [
  { title: 'performance', read: score('performance'), digits: 0, min: 95 },
  { title: 'TBT ms', read: audit('total-blocking-time'), digits: 0, max: 150 },
  { title: 'LCP s', read: audit('largest-contentful-paint', 1000), digits: 2, max: 2.5 },
  { title: 'accessibility', read: score('accessibility'), digits: 0, min: 100 },
  { title: 'best practices', read: score('best-practices'), digits: 0, min: 95 },
  { title: 'FCP s', read: audit('first-contentful-paint', 1000), digits: 2 },
  { title: 'CLS', read: audit('cumulative-layout-shift'), digits: 3 },
  // The main thread's whole work at the simulated phone's speed, not only its long tasks.
  { title: 'main thread s', read: audit('mainthread-work-breakdown', 1000), digits: 2 },
];

export interface MetricSummary {
  metric: Metric;
  /** Null when no run measured it. */
  median: number | null;
  min: number | null;
  max: number | null;
  /** Null for a metric without a target. */
  passed: boolean | null;
}

/** Median and spread of each metric over a page's runs, and whether the median meets its target. */
export function summarise(runs: readonly Result[]): MetricSummary[] {
  return METRICS.map((metric) => {
    const values = runs
      .map((lhr) => metric.read(lhr))
      .filter((value): value is number => value !== null)
      .sort((a, b) => a - b);
    const median = values.length === 0 ? null : percentile(values, 50);
    const hasTarget = metric.min !== undefined || metric.max !== undefined;
    const passed = !hasTarget
      ? null
      : median !== null &&
        (metric.min === undefined || median >= metric.min) &&
        (metric.max === undefined || median <= metric.max);
    return { metric, median, min: values[0] ?? null, max: values.at(-1) ?? null, passed };
  });
}

export interface PointsLost {
  id: string;
  title: string;
  displayValue: string | undefined;
  /** Points of the category's 100 this audit cost. */
  points: number;
}

/** The category's weighted audits that scored below 1, largest loss first. */
export function pointsLost(
  lhr: Result,
  categoryId: 'performance' | 'accessibility' | 'best-practices',
): PointsLost[] {
  const refs = lhr.categories[categoryId]?.auditRefs ?? [];
  const scored = refs.filter((ref) => ref.weight > 0 && typeof lhr.audits[ref.id]?.score === 'number');
  const totalWeight = scored.reduce((sum, ref) => sum + ref.weight, 0);
  if (totalWeight === 0) return [];
  return scored
    .map((ref) => {
      const audit = lhr.audits[ref.id]!;
      return {
        id: ref.id,
        title: audit.title,
        displayValue: audit.displayValue,
        points: (ref.weight * (1 - (audit.score ?? 0)) * 100) / totalWeight,
      };
    })
    .filter((loss) => loss.points > 0)
    .sort((a, b) => b.points - a.points);
}
