import type { Load } from '../lib/measure.ts';

export interface Scenario {
  name: string;
  /** Method and path, for the report. */
  request: string;
  connections: number;
  load: Load;
  /** Least share of the baseline's req/s; undefined while no target is set. */
  minBaselineRatio?: number;
  /**
   * Measure the bare baseline right before this scenario, at its connections, and take the
   * ratio against that run: the baseline's req/s moves a lot between runs on a shared machine.
   * Always so when `minBaselineRatio` is set.
   */
  pairedBaseline?: boolean;
  /** Least req/s in absolute terms (a capacity), beside the share of the baseline. */
  minRequestsPerSecond?: number;
  /** Highest acceptable p99 latency; undefined while no target is set. */
  maxP99Ms?: number;
  /** Highest acceptable p99 of the portal's own event-loop delay during the measured run. */
  maxEventLoopP99Ms?: number;
  /**
   * Runs before every warm-up and measured run, told its length: what a scenario's requests
   * use up (single-use salts) is made here, where sealing does not load the measured run.
   */
  beforeRun?: (seconds: number) => Promise<void>;
  /** What kept the scenario from sending what it meant to; a reason to miss even at 0 errors. */
  problems?: () => string[];
}

/** A row the run could not measure (the floor on PGlite), with the reason the report prints. */
export interface SkippedScenario {
  name: string;
  request: string;
  notMeasured: string;
}

export function hasPairedBaseline(scenario: Scenario): boolean {
  return scenario.pairedBaseline === true || scenario.minBaselineRatio !== undefined;
}
