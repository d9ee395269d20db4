import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { JOB_LOCK_CLASS } from '../../src/db/database.ts';
import type { Job } from '../../src/jobs/job.ts';
import { createJobScheduler, type JobScheduler } from '../../src/jobs/scheduler.ts';
import { freshDatabase, startTestPortal, TestClock, type TestPortal } from '../../testing/test-portal.ts';

const EVERY_MS = 60_000;

/** A job that counts its runs and, while `hold` is set, does not finish until released. */
function countingJob(name: string) {
  const job = {
    runs: 0,
    hold: undefined as Promise<void> | undefined,
    started: undefined as (() => void) | undefined,
    definition: {
      name,
      everyMs: EVERY_MS,
      async run() {
        job.runs += 1;
        job.started?.();
        await job.hold;
      },
    } satisfies Job,
  };
  return job;
}

function held() {
  let release!: () => void;
  const hold = new Promise<void>((resolve) => (release = resolve));
  return { hold, release };
}

describe('background jobs on two nodes of one database', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let a: TestPortal;
  let b: TestPortal;
  const clock = new TestClock();
  const schedulers: JobScheduler[] = [];
  const on = (node: TestPortal, job: Job) => {
    const scheduler = createJobScheduler(node.portal.ctx, node.portal.database, [job]);
    schedulers.push(scheduler);
    return scheduler;
  };

  beforeAll(async () => {
    db = await freshDatabase();
    a = await startTestPortal({ database: db.target, clock });
    b = await startTestPortal({ database: db.target, clock, env: { PORTAL_DEMO: '0' } });
  });
  afterAll(async () => {
    await Promise.all(schedulers.map((s) => s.close()));
    await b?.close();
    await a?.close();
    await db?.drop();
  });

  it('runs a job once per interval, whichever node asks and however often', async () => {
    const job = countingJob('once-per-interval');
    const nodes = [on(a, job.definition), on(b, job.definition)];
    const askAll = () => Promise.all([...nodes, ...nodes].map((n) => n.runIfDue(job.definition.name)));

    expect((await askAll()).filter(Boolean)).toHaveLength(1);
    expect((await askAll()).filter(Boolean)).toHaveLength(0);
    clock.advance(EVERY_MS - 1000);
    expect((await askAll()).filter(Boolean)).toHaveLength(0);
    clock.advance(1000);
    expect((await askAll()).filter(Boolean)).toHaveLength(1);
    expect(job.runs).toBe(2);
  });

  // The advisory lock is PostgreSQL's: PGlite is one node in one process.
  it.skipIf(!process.env.DATABASE_URL)(
    'lets no other node start a job still running past its interval, until the runner crashes',
    async () => {
      const job = countingJob('held-by-one-node');
      const [first, second] = [on(a, job.definition), on(b, job.definition)];
      const { hold, release } = held();
      job.hold = hold;
      const started = new Promise<void>((resolve) => (job.started = resolve));
      const running = first.runIfDue(job.definition.name);
      await started;

      clock.advance(EVERY_MS * 2);
      expect(await second.runIfDue(job.definition.name)).toBe(false);

      // The runner's node dies: its connection, and the transaction holding the lock, go with it.
      const admin = new pg.Client({ connectionString: (db.target as { url: string }).url });
      await admin.connect();
      try {
        const { rows } = await admin.query<{ pid: number }>(
          `select pid from pg_locks where locktype = 'advisory' and granted and classid = ${JOB_LOCK_CLASS}`,
        );
        expect(rows).toHaveLength(1);
        await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      } finally {
        await admin.end();
      }
      job.hold = undefined;
      expect(await second.runIfDue(job.definition.name)).toBe(true);
      release();
      expect(await running).toBe(false);
      expect(job.runs).toBe(2);
    },
  );
});
