import type { EventLoopDelay } from '../lib/event-loop-delay.ts';
import type { Measurement } from '../lib/measure.ts';
import { yardstickName, type Scenario } from './scenario.ts';

export interface Verdict {
  /** The scenario's req/s over its yardstick's; undefined when the yardstick was not measured. */
  ratio: number | undefined;
  passed: boolean;
  /** Why it missed, in words; empty when it passed. */
  misses: string[];
  /** Targets the run could not judge (their yardstick was not measured), in words. */
  notJudged: string[];
}

/**
 * Every scenario must answer 2xx only; some must also keep a share of their yardstick's req/s,
 * stay within a multiple of its p99, or within an absolute p99 or event-loop delay.
 */
export function judge(
  scenario: Scenario,
  measured: Measurement,
  yardstick: Measurement | undefined,
  eventLoopDelay?: EventLoopDelay,
): Verdict {
  const ratio = yardstick && measured.requestsPerSecond / yardstick.requestsPerSecond;
  const misses = [...(scenario.problems?.() ?? [])];
  const notJudged: string[] = [];
  const of = yardstickName(scenario.yardstick);
  if (measured.non2xx > 0) misses.push(`${measured.non2xx} non-2xx answers`);
  if (measured.errors > 0) misses.push(`${measured.errors} connection errors or timeouts`);
  const relative = [scenario.minRatio, scenario.maxP99Ratio].some((target) => target !== undefined);
  if (relative && yardstick === undefined) notJudged.push(`its targets against the ${of}: not measured`);
  if (scenario.minRatio !== undefined && ratio !== undefined && !(ratio >= scenario.minRatio)) {
    misses.push(`${formatPercent(ratio)} of the ${of}'s req/s, target ≥ ${formatPercent(scenario.minRatio)}`);
  }
  if (scenario.maxP99Ratio !== undefined && yardstick !== undefined) {
    const limit = scenario.maxP99Ratio * yardstick.p99Ms;
    if (!(measured.p99Ms <= limit)) {
      misses.push(
        `p99 ${measured.p99Ms.toFixed(0)} ms, target ≤ ${scenario.maxP99Ratio} × the ${of}'s ` +
          `${yardstick.p99Ms.toFixed(0)} ms = ${limit.toFixed(0)} ms`,
      );
    }
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
  return { ratio, passed: misses.length === 0, misses, notJudged };
}

/** The scenario's targets in words, for the report; "—" when it has none beyond 2xx only. */
export function targetText(scenario: Scenario): string {
  const parts = [
    scenario.minRatio === undefined ? undefined : `≥ ${formatPercent(scenario.minRatio)}`,
    scenario.maxP99Ratio === undefined ? undefined : `p99 ≤ ${scenario.maxP99Ratio} ×`,
    scenario.minRequestsPerSecond === undefined ? undefined : `≥ ${scenario.minRequestsPerSecond} req/s`,
    scenario.maxP99Ms === undefined ? undefined : `p99 ≤ ${scenario.maxP99Ms} ms`,
    scenario.maxEventLoopP99Ms === undefined ? undefined : `loop p99 ≤ ${scenario.maxEventLoopP99Ms} ms`,
  ].filter((part) => part !== undefined);
  return parts.length === 0 ? '—' : parts.join(', ');
}

export function formatPercent(ratio: number): string {
  return `${(ratio * 100).toFixed(ratio < 0.1 ? 1 : 0)} %`;
}
