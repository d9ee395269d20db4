import type { EventLoopDelay } from '../lib/event-loop-delay.ts';
import type { LatencySummary } from '../lib/latency-probe.ts';
import type { Measurement } from '../lib/measure.ts';
import { formatTable } from '../lib/table.ts';
import { yardstickName, type Scenario, type SkippedScenario } from './scenario.ts';
import { formatPercent, targetText, type Verdict } from './targets.ts';

/** The portal's event-loop delay over a stretch of time, from inside and from outside. */
export interface PortalWatched {
  delay: EventLoopDelay;
  probe: LatencySummary;
}

export interface ScenarioResult {
  scenario: Scenario;
  measured: Measurement;
  /** What the ratios divide by (scenario.yardstick); none for the opening run itself, or when not measured. */
  yardstick: Measurement | undefined;
  /** The portal watched over the measured run (scenarios with an event-loop target). */
  watched?: PortalWatched;
  verdict: Verdict;
  /**
   * Every pair's ratio when the row was measured in several pairs with its yardstick; the row
   * shows the pair of the median ratio.
   */
  pairRatios?: readonly number[];
  /** The row's former yardstick (scenario.alsoAgainst) in the median pair, and every pair's ratio to it. */
  former?: { name: string; measured: Measurement | undefined; ratios: readonly number[] };
}

export type RowResult = ScenarioResult | { skipped: SkippedScenario };

export function isMeasured(result: RowResult): result is ScenarioResult {
  return !('skipped' in result);
}

const COLUMNS = [
  { header: 'scenario' },
  { header: 'request' },
  { header: 'conns', align: 'right' },
  { header: 'req/s', align: 'right' },
  { header: 'p50 ms', align: 'right' },
  { header: 'p99 ms', align: 'right' },
  { header: 'non-2xx', align: 'right' },
  { header: 'errors', align: 'right' },
  { header: 'yardstick' },
  { header: 'its req/s', align: 'right' },
  { header: 'its p99', align: 'right' },
  { header: 'ratio', align: 'right' },
  { header: 'target', align: 'right' },
  { header: 'result' },
] as const;

export function resultTable(results: readonly RowResult[]): string {
  const rows = results.map((result) => {
    if (!isMeasured(result)) {
      const { name, request, notMeasured } = result.skipped;
      return [name, request, ...Array<string>(COLUMNS.length - 4).fill('—'), notMeasured];
    }
    const { scenario, measured, yardstick, verdict, pairRatios } = result;
    return [
      scenario.name,
      scenario.request,
      String(scenario.connections),
      measured.requestsPerSecond.toFixed(0),
      measured.p50Ms.toFixed(1),
      measured.p99Ms.toFixed(1),
      String(measured.non2xx),
      String(measured.errors),
      yardstick === undefined ? '—' : yardstickName(scenario.yardstick),
      yardstick?.requestsPerSecond.toFixed(0) ?? '—',
      yardstick?.p99Ms.toFixed(1) ?? '—',
      verdict.ratio === undefined ? '—' : `${formatPercent(verdict.ratio)}${pairSpread(pairRatios)}`,
      targetText(scenario),
      resultMark(verdict),
    ];
  });
  return formatTable(COLUMNS, rows);
}

/** " (median of 3: 47–55 %)" after a ratio judged on several pairs; nothing after a single one. */
function pairSpread(ratios: readonly number[] | undefined): string {
  if (ratios === undefined || ratios.length < 2) return '';
  const low = Math.min(...ratios);
  const high = Math.max(...ratios);
  return ` (median of ${ratios.length}: ${formatPercent(low).replace(' %', '')}–${formatPercent(high)})`;
}

/** "event poll: 14,020 req/s, 31 % (median of 3: 29–33 %) of the bare baseline's 45,230 req/s". */
export function formerYardstickLines(results: readonly RowResult[]): string[] {
  return results.filter(isMeasured).flatMap(({ scenario, measured, former }) => {
    if (former === undefined) return [];
    if (former.measured === undefined) return [`${scenario.name}: the ${former.name} was not measured`];
    const ratio = measured.requestsPerSecond / former.measured.requestsPerSecond;
    return [
      `${scenario.name}: ${measured.requestsPerSecond.toFixed(0)} req/s, ${formatPercent(ratio)}` +
        `${pairSpread(former.ratios)} of the ${former.name}'s ${former.measured.requestsPerSecond.toFixed(0)} req/s ` +
        `(p99 ${measured.p99Ms.toFixed(1)} vs ${former.measured.p99Ms.toFixed(1)} ms)`,
    ];
  });
}

export function resultMark(verdict: Pick<Verdict, 'passed' | 'notJudged'>): string {
  if (!verdict.passed) return '✗ miss';
  return verdict.notJudged.length === 0 ? '✓ pass' : '✓ pass (part not judged)';
}

export function misses(results: readonly RowResult[]): string[] {
  return results
    .filter(isMeasured)
    .flatMap(({ scenario, verdict }) => verdict.misses.map((miss) => `${scenario.name}: ${miss}`));
}

export function notJudged(results: readonly RowResult[]): string[] {
  return results
    .filter(isMeasured)
    .flatMap(({ scenario, verdict }) => verdict.notJudged.map((what) => `${scenario.name}: ${what}`));
}

export function latencyLine(label: string, summary: LatencySummary): string {
  const failed = summary.failures > 0 ? `, ${summary.failures} failed` : '';
  return (
    `${label.padEnd(12)} p50 ${summary.p50Ms.toFixed(1)} ms  p99 ${summary.p99Ms.toFixed(1)} ms  ` +
    `max ${summary.maxMs.toFixed(1)} ms  (${summary.samples} samples${failed})`
  );
}

export function eventLoopDelayLine(label: string, delay: EventLoopDelay, maxP99Ms?: number): string {
  const judged = maxP99Ms === undefined ? '' : delay.p99Ms <= maxP99Ms ? '  ✓ pass' : '  ✗ miss';
  return (
    `${label.padEnd(12)} p50 ${delay.p50Ms.toFixed(1)} ms  p99 ${delay.p99Ms.toFixed(1)} ms  ` +
    `max ${delay.maxMs.toFixed(1)} ms${judged}`
  );
}
