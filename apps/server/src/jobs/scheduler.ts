import { eq, lte } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { jobRuns } from '../db/schema/index.ts';
import { failureWithoutValues } from '../lib/failure-without-values.ts';
import type { Job } from './job.ts';

export interface JobScheduler {
  /** Starts each job's timer: the first run comes one interval after start, as on every node. */
  start(): void;
  /**
   * Runs the job now if its interval has passed since it last started on any node and no other
   * node is running it; true when it ran here. Errors are logged, never thrown.
   */
  runIfDue(name: string): Promise<boolean>;
  /** Stops the timers and waits for a run in progress. */
  close(): Promise<void>;
}

export interface SchedulerOptions {
  /** Intervals other than the table's, by job name (tests shorten them). */
  everyMs?: Readonly<Record<string, number>>;
}

/**
 * One runner of each job across the nodes. On PostgreSQL a node first takes the job's advisory
 * lock with pg_try_advisory_xact_lock in a transaction that stays open while the job runs on
 * other connections (database.exclusively): a node that crashes mid-run loses its connection
 * and with it the lock. Under the lock it claims the run in job_runs only if the interval has passed since the last
 * start anywhere, so two nodes run a job once per interval, not once each. PGlite is one node in
 * one process: the claim alone decides.
 */
export function createJobScheduler(
  ctx: AppContext,
  database: DatabaseHandle,
  jobs: readonly Job[],
  options: SchedulerOptions = {},
): JobScheduler {
  const here = jobs.filter((job) => job.runsHere?.(database) ?? true);
  const everyMs = (job: Job) => options.everyMs?.[job.name] ?? job.everyMs;
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<boolean>>();
  let closed = false;

  async function claimAndRun(job: Job): Promise<boolean> {
    const now = ctx.now();
    const claimed = await ctx.db
      .insert(jobRuns)
      .values({ name: job.name, startedAt: now })
      .onConflictDoUpdate({
        target: jobRuns.name,
        set: { startedAt: now, finishedAt: null },
        setWhere: lte(jobRuns.startedAt, new Date(now.getTime() - everyMs(job))),
      })
      .returning({ name: jobRuns.name });
    if (claimed.length === 0) return false;
    await job.run(ctx, database);
    await ctx.db.update(jobRuns).set({ finishedAt: ctx.now() }).where(eq(jobRuns.name, job.name));
    return true;
  }

  function runIfDue(name: string): Promise<boolean> {
    const job = here.find((j) => j.name === name);
    if (!job || closed) return Promise.resolve(false);
    const run = database
      .exclusively(`job:${job.name}`, () => claimAndRun(job))
      .catch((error: unknown) => {
        ctx.log.error({ job: job.name, err: failureWithoutValues(error) }, 'background job failed');
        return false;
      });
    running.add(run);
    void run.finally(() => running.delete(run));
    return run;
  }

  // A chain of timeouts, not an interval: a node never overlaps two runs of one job.
  function schedule(job: Job) {
    if (closed) return;
    const timer = setTimeout(() => {
      void runIfDue(job.name).finally(() => schedule(job));
    }, everyMs(job));
    timer.unref();
    timers.set(job.name, timer);
  }

  return {
    start() {
      for (const job of here) schedule(job);
    },
    runIfDue,
    async close() {
      closed = true;
      for (const timer of timers.values()) clearTimeout(timer);
      await Promise.all(running);
    },
  };
}
