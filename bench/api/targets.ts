import type { EventLoopDelay } from '../lib/event-loop-delay.ts';
import type { Measurement } from '../lib/measure.ts';
import type { Scenario } from './scenario.ts';

export interface Verdict {
  /** The scenario's req/s over the baseline's. */
  ratio: number;
  passed: boolean;
  /** Why it missed, in words; empty when it passed. */
  misses: string[];
}

/** Every scenario must answer 2xx only; some must also keep a share of the baseline's req/s. */
export function judge(
  scenario: Scenario,
  measured: Measurement,
  baseline: Measurement,
  eventLoopDelay?: EventLoopDelay,
): Verdict {
  const ratio = measured.requestsPerSecond / baseline.requestsPerSecond;
  const misses = [...(scenario.problems?.() ?? [])];
  if (measured.non2xx > 0) misses.push(`${measured.non2xx} non-2xx answers`);
  if (measured.errors > 0) misses.push(`${measured.errors} connection errors or timeouts`);
  if (scenario.minBaselineRatio !== undefined && !(ratio >= scenario.minBaselineRatio)) {
    misses.push(
      `${formatPercent(ratio)} of baseline req/s, target ≥ ${formatPercent(scenario.minBaselineRatio)}`,
    );
  }
  if (
    scenario.minRequestsPerSecond !== undefined &&
    !(measured.requestsPerSecond >= scenario.minRequestsPerSecond)
  ) {
    misses.push(
      `${Math.round(measured.requestsPerSecond)} req/s, target ≥ ${scenario.minRequestsPerSecond} req/s`,
    );
  }
  if (scenario.maxP99Ms !== undefined && !(measured.p99Ms <= scenario.maxP99Ms)) {
    misses.push(`p99 ${measured.p99Ms.toFixed(0)} ms, target ≤ ${scenario.maxP99Ms} ms`);
  }
  if (
    scenario.maxEventLoopP99Ms !== undefined &&
    !((eventLoopDelay?.p99Ms ?? Number.NaN) <= scenario.maxEventLoopP99Ms)
  ) {
    misses.push(
      eventLoopDelay === undefined
        ? "the portal's event-loop delay was not measured"
        : `portal event-loop delay p99 ${eventLoopDelay.p99Ms.toFixed(1)} ms, target ≤ ${scenario.maxEventLoopP99Ms} ms`,
    );
  }
  return { ratio, passed: misses.length === 0, misses };
}

/** The scenario's targets in words, for the report; "—" when it has none beyond 2xx only. */
export function targetText(scenario: Scenario): string {
  const parts = [
    scenario.minBaselineRatio === undefined ? undefined : `≥ ${formatPercent(scenario.minBaselineRatio)}`,
    scenario.minRequestsPerSecond === undefined ? undefined : `≥ ${scenario.minRequestsPerSecond} req/s`,
    scenario.maxP99Ms === undefined ? undefined : `p99 ≤ ${scenario.maxP99Ms} ms`,
    scenario.maxEventLoopP99Ms === undefined ? undefined : `loop p99 ≤ ${scenario.maxEventLoopP99Ms} ms`,
  ].filter((part) => part !== undefined);
  return parts.length === 0 ? '—' : parts.join(', ');
}

export function formatPercent(ratio: number): string {
  return `${(ratio * 100).toFixed(ratio < 0.1 ? 1 : 0)} %`;
}
