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
 * Process start to `/readyz` 200 (issue 20): the server's TypeScript through tsx, as every
 * process ran it before the build, against the built server with plain node. Both start on one
 * database that is already migrated and seeded (a restart, as a deploy or a crash restart
 * sees it), each once unmeasured first so tsx's transform cache is warm as on a second start;
 * then RUNS starts of each, alternating, and the medians. DATABASE_URL picks PostgreSQL (use an
 * empty, throwaway database), else PGlite. Reported, not judged.
 *
 *   npm run bench -- start-time
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

const print = (line: string) => process.stdout.write(`${line}\n`);

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
    print(
      `${databaseUrl === undefined ? 'embedded PGlite' : 'PostgreSQL'}; ${RUNS} starts each, after one unmeasured`,
    );
    const samples = VARIANTS.map(() => [] as number[]);
    // The first start migrates and seeds; each variant's first start also warms its caches.
    for (const variant of VARIANTS) await timeStart(variant.entry(), env);
    for (let run = 0; run < RUNS; run++) {
      for (const [i, variant] of VARIANTS.entries()) samples[i]!.push(await timeStart(variant.entry(), env));
    }
    const rows = VARIANTS.map((variant, i) => {
      const sorted = [...samples[i]!].sort((a, b) => a - b);
      return [
        variant.name,
        ...[percentile(sorted, 50), sorted[0]!, sorted.at(-1)!].map((ms) => ms.toFixed(0)),
      ];
    });
    print(
      formatTable(
        [
          { header: 'start to /readyz 200' },
          { header: 'median ms', align: 'right' },
          { header: 'min ms', align: 'right' },
          { header: 'max ms', align: 'right' },
        ],
        rows,
      ),
    );
    return true;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    forgetDataDir();
  }
}
