import type { Load } from '../lib/measure.ts';

/**
 * What a scenario's ratios divide by: the bare baseline of the run's opening, or an earlier row
 * of the same run, measured again right before each of the scenario's later pairs.
 */
export type Yardstick = 'opening baseline' | { row: string };

export interface Scenario {
  name: string;
  /** Method and path, for the report. */
  request: string;
  connections: number;
  load: Load;
  /**
   * What `minRatio` and `maxP99Ratio` compare with; the opening baseline when undefined. A row
   * is measured again right before each pair: its req/s moves a lot between runs on a shared machine.
   */
  yardstick?: Yardstick;
  /**
   * A former yardstick (a row), measured in each pair right before `yardstick` and printed
   * beside the row's ratio, not judged: how the row compares with what it used to be judged against.
   */
  alsoAgainst?: { row: string };
  /** Least share of the yardstick's req/s; undefined while no target is set. */
  minRatio?: number;
  /** Highest p99 as a multiple of the yardstick's p99. */
  maxP99Ratio?: number;
  /** Least req/s in absolute terms (a capacity), beside the share of the yardstick. */
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

export function yardstickName(yardstick: Yardstick = 'opening baseline'): string {
  return typeof yardstick === 'string' ? yardstick : yardstick.row;
}
