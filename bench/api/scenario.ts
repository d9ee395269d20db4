import type { Load } from '../lib/measure.ts';

export interface Scenario {
  name: string;
  /** Method and path, for the report. */
  request: string;
  connections: number;
  load: Load;
  /** Least share of the baseline's req/s; undefined while no target is set. */
  minBaselineRatio?: number;
  /** Least req/s in absolute terms (a capacity), beside the share of the baseline. */
  minRequestsPerSecond?: number;
  /** Highest acceptable p99 latency; undefined while no target is set. */
  maxP99Ms?: number;
  /** Highest acceptable p99 of the portal's own event-loop delay during the measured run. */
  maxEventLoopP99Ms?: number;
  /** What kept the scenario from sending what it meant to; a reason to miss even at 0 errors. */
  problems?: () => string[];
}
