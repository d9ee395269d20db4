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
export function judge(scenario: Scenario, measured: Measurement, baseline: Measurement): Verdict {
  const ratio = measured.requestsPerSecond / baseline.requestsPerSecond;
  const misses = [...(scenario.problems?.() ?? [])];
  if (measured.non2xx > 0) misses.push(`${measured.non2xx} non-2xx answers`);
  if (measured.errors > 0) misses.push(`${measured.errors} connection errors or timeouts`);
  if (scenario.minBaselineRatio !== undefined && !(ratio >= scenario.minBaselineRatio)) {
    misses.push(
      `${formatPercent(ratio)} of baseline req/s, target ≥ ${formatPercent(scenario.minBaselineRatio)}`,
    );
  }
  return { ratio, passed: misses.length === 0, misses };
}

export function formatPercent(ratio: number): string {
  return `${(ratio * 100).toFixed(ratio < 0.1 ? 1 : 0)} %`;
}
