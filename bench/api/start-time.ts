import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { onExit } from '../lib/exit-cleanup.ts';
import { freePort } from '../lib/free-port.ts';
import { portalEntry, type NodeEntry } from '../lib/node-entry.ts';
import { percentile } from '../lib/percentile.ts';
import { repoRoot } from '../lib/repo-root.ts';
import { formatTable } from '../lib/table.ts';

/**
 * Process start to `/readyz` 200: the server's TypeScript through tsx, as every
 * process ran it before the build, against the built server with plain node. Both start on one
 * database that is already migrated and seeded (a restart, as a deploy or a crash restart
 * sees it), each once unmeasured first so tsx's transform cache is warm as on a second start;
 * then RUNS starts of each, alternating, and the medians. The API suite measures this at its
 * end on its own database; on its own:
 *
 *   npm run bench -- start-time       # DATABASE_URL: PostgreSQL (empty, throwaway), else PGlite
 */
const RUNS = Number(process.env.BENCH_START_RUNS ?? 5);
const POLL_MS = 10;
const TIMEOUT_MS = 120_000;

const VARIANTS: { name: string; entry: () => NodeEntry }[] = [
  {
    name: 'tsx src/main.ts',
    entry: () => ({ command: process.execPath, args: ['--import', 'tsx', 'apps/server/src/main.ts'] }),
  },
  { name: 'node dist/main.js', entry: portalEntry },
];

export interface StartTimes {
  variant: string;
  medianMs: number;
  minMs: number;
  maxMs: number;
}

/** Milliseconds from spawn to the first `/readyz` 200; the process is stopped before it returns. */
async function timeStart(entry: NodeEntry, env: NodeJS.ProcessEnv): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(entry.command, entry.args, {
    cwd: repoRoot,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const forget = onExit(() => child.kill('SIGKILL'));
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = once(child, 'exit');
  try {
    for (;;) {
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (ready) return performance.now() - started;
      if (child.exitCode !== null) throw new Error(`the portal exited with ${child.exitCode}:\n${stderr}`);
      if (performance.now() - started > TIMEOUT_MS) throw new Error(`not ready within ${TIMEOUT_MS} ms`);
      await sleep(POLL_MS);
    }
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    forget();
  }
}

/**
 * Each variant started once unmeasured, then RUNS starts of each, alternating, with the
 * portal's environment `env` (its database, keys and DATA_DIR; PORT is chosen per start).
 */
export async function measureStartTimes(env: NodeJS.ProcessEnv): Promise<StartTimes[]> {
  const samples = VARIANTS.map(() => [] as number[]);
  for (const variant of VARIANTS) await timeStart(variant.entry(), env);
  for (let run = 0; run < RUNS; run++) {
    for (const [i, variant] of VARIANTS.entries()) samples[i]!.push(await timeStart(variant.entry(), env));
  }
  return VARIANTS.map((variant, i) => {
    const sorted = [...samples[i]!].sort((a, b) => a - b);
    return {
      variant: variant.name,
      medianMs: percentile(sorted, 50),
      minMs: sorted[0]!,
      maxMs: sorted.at(-1)!,
    };
  });
}

export const START_TIME_RUNS = RUNS;

/**
 * The table of `measureStartTimes`, each row marked: every start must reach `/readyz` (or the
 * run fails before this), and the build must start sooner than tsx (its median below tsx's).
 */
export function startTimeTable(times: readonly StartTimes[]): { table: string; passed: boolean } {
  const [tsx, built] = times;
  const builtFaster = built !== undefined && tsx !== undefined && built.medianMs < tsx.medianMs;
  const rows = times.map((time) => {
    const isBuilt = time === built;
    return [
      time.variant,
      ...[time.medianMs, time.minMs, time.maxMs].map((ms) => ms.toFixed(0)),
      isBuilt ? `median < ${tsx?.variant ?? 'tsx'}'s` : '—',
      isBuilt && !builtFaster ? '✗ miss' : '✓ pass',
    ];
  });
  const table = formatTable(
    [
      { header: 'start to /readyz 200' },
      { header: 'median ms', align: 'right' },
      { header: 'min ms', align: 'right' },
      { header: 'max ms', align: 'right' },
      { header: 'target' },
      { header: 'result' },
    ],
    rows,
  );
  return { table, passed: builtFaster };
}

/** `npm run bench -- start-time`: the start times alone, on a database of its own. */
export async function runStartTimeSuite(): Promise<boolean> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-start-'));
  const forgetDataDir = onExit(() => rmSync(dataDir, { recursive: true, force: true }));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PORTAL_MASTER_KEY: randomBytes(32).toString('hex'),
    JWT_SECRET: randomBytes(32).toString('hex'),
    PORTAL_DEMO: '1',
    LOG_LEVEL: 'warn',
    ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }),
  };
  try {
    console.log(
      `${databaseUrl === undefined ? 'embedded PGlite' : 'PostgreSQL'}; ${RUNS} starts each, after one unmeasured`,
    );
    const { table, passed } = startTimeTable(await measureStartTimes(env));
    console.log(table);
    return passed;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    forgetDataDir();
  }
}
