import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PortalClient } from '@portal/protocol/testing';
import { repoRoot } from '../src/paths.ts';
import { serverCommand } from '../../../scripts/builds.mjs';
import { freshDatabase } from './test-portal.ts';

// A limit that only catches a hang, inside the tests' own (180 s): a server started through tsx
// took over 90 s at a load of 25, and its build starts in a third of tsx's CPU time.
const START_TIMEOUT_MS = 170_000;

/** Keys fixed for a test run, so a restarted node (or a restore) opens what the last one wrote. */
export const PROCESS_SECRETS = {
  PORTAL_MASTER_KEY: 'b2'.repeat(32),
  JWT_SECRET: 'reliability-jwt-secret-long-enough-0001',
};

const runFile = promisify(execFile);

/**
 * `npm run <npmArgs>` from the repository root, as an operator types it: the run's secrets and
 * `env` (a database's, and whatever else the script reads), nothing else of this process's own.
 */
export function npmRunAtRoot(npmArgs: string[], env: Record<string, string>) {
  return runFile('npm', ['run', ...npmArgs], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...PROCESS_SECRETS, ...env },
  });
}

export interface ServerProcess {
  url: string;
  port: number;
  pid: number;
  client(): PortalClient;
  /** stdout and stderr so far, for a failure message. */
  output(): string;
  /** SIGKILL: no shutdown hook runs, as when the machine loses the process. */
  kill9(): Promise<void>;
  /** SIGTERM and wait for the graceful drain. */
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * The real server in its own process, as `npm start` runs it (the build in apps/server/dist, made
 * by the suite's global setup, from the repository root), on a free loopback port. Resolves once
 * /healthz answers, i.e. after migrations and seeding.
 */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'test',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    PORTAL_DEMO: '1',
    RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    RATE_LIMIT_HANDSHAKE_PER_MINUTE: '100000',
    ...PROCESS_SECRETS,
    ...env,
  };
  const child = spawn(...serverCommand('main'), {
    cwd: repoRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const url = `http://127.0.0.1:${port}`;
  const done = exited(child);
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start within ${START_TIMEOUT_MS} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    port,
    pid: child.pid!,
    client: () => new PortalClient({ baseUrl: url }),
    output: () => output,
    async kill9() {
      child.kill('SIGKILL');
      await done;
    },
    async stop() {
      child.kill('SIGTERM');
      await done;
    },
  };
}

export interface ProcessDatabase {
  engine: 'pglite' | 'postgres';
  /** DATA_DIR (keys, outbox; the PGlite files on that engine) shared by every node of the test. */
  dataDir: string;
  /** The environment that points a server process at this database. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

/**
 * A database for server processes: a fresh PostgreSQL database when DATABASE_URL is set
 * (dropped afterwards), otherwise PGlite files in a fresh DATA_DIR. A test of one engine's own
 * behaviour names it: `pglite` whatever DATABASE_URL says, `postgres` on DATABASE_URL's server.
 */
export async function processDatabase(
  engine: ProcessDatabase['engine'] = process.env.DATABASE_URL ? 'postgres' : 'pglite',
): Promise<ProcessDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-proc-'));
  const removeDir = () => rm(dataDir, { recursive: true, force: true });
  if (engine === 'pglite') {
    return { engine: 'pglite', dataDir, env: { DATA_DIR: dataDir }, drop: removeDir };
  }
  if (!process.env.DATABASE_URL) throw new Error('a PostgreSQL process database needs DATABASE_URL');
  const fresh = await freshDatabase();
  const url = (fresh.target as { url: string }).url;
  return {
    engine: 'postgres',
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    async drop() {
      await fresh.drop();
      await removeDir();
    },
  };
}
