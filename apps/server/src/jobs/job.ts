import type { AppContext } from '../context.ts';
import type { DatabaseHandle } from '../db/database.ts';

/** A piece of background work: what it runs and how often, once across all nodes. */
export interface Job {
  /** Names the job's row in job_runs and its advisory lock. */
  name: string;
  everyMs: number;
  /** Whether this node has the job at all; every node has it when absent. */
  runsHere?: (database: DatabaseHandle) => boolean;
  run(ctx: AppContext, database: DatabaseHandle): Promise<unknown>;
}
