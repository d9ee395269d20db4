import type { AssessmentSummary } from '@portal/protocol';

export interface TrendPoint {
  /** The submission date as the patient reads it, e.g. '1 Mar' or '3月1日'. */
  label: string;
  score: number;
}

/** Oldest first, as the server lists them, so the line reads left to right in time. */
export function trendPoints(history: AssessmentSummary[], formatDay: (date: Date) => string): TrendPoint[] {
  return history.map((entry) => ({ label: formatDay(new Date(entry.submitted_at)), score: entry.score }));
}

/** The chart's text alternative: every point in words, so nothing is only in the picture. */
export function trendSummary(
  points: TrendPoint[],
  t: (key: string, values: Record<string, string | number>) => string,
  range: { min: number; max: number },
): string {
  const spoken = points
    .map((p) => t('history.chartPoint', { score: p.score, date: p.label }))
    .join(t('history.pointSeparator', {}));
  return t('history.chartSummary', { ...range, points: spoken });
}
