import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { serverCommand } from '../../../scripts/builds.mjs';
import { repoRoot } from '../src/paths.ts';

/** Keys and settings that satisfy production mode; tests override what they examine. */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: '0',
  PORTAL_MASTER_KEY: 'b2'.repeat(32),
  JWT_SECRET: 'production-test-signing-secret-0123456789',
  PUBLIC_URL: 'https://portal.example',
  LOG_LEVEL: 'warn',
} as const;

export interface SpawnedPortal {
  process: ChildProcess;
  /** http(s)://127.0.0.1:<port> once listening. */
  url: string;
  /** Everything printed so far on stdout and stderr. */
  output(): string;
  /** Resolves when a line matching `pattern` has been printed. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then SIGKILL if it has not exited within the bound; never leaves a process behind. */
  stop(): Promise<void>;
}

/** Environment without the variables a developer's shell or the test runner may set. */
function cleanEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
  return { ...base, ...env };
}

/**
 * Runs a command as its own process (the real entry point, not an in-process app), with
 * only the given environment. `waitForListening: false` for runs expected to refuse to start.
 */
export function spawnProcess(
  command: string,
  args: string[],
  env: Record<string, string>,
  options: { cwd?: string } = {},
) {
  const child = spawn(command, args, { cwd: options.cwd ?? repoRoot, env: cleanEnv(env) });
  let text = '';
  const waiters = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const w of waiters) w();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      resolve({ code, signal });
      for (const w of waiters) w();
    }),
  );
  let done = false;
  void exited.then(() => (done = true));
  const waitFor = (pattern: RegExp, timeoutMs = 60_000) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(text);
        if (match) return finish(() => resolve(match[1] ?? match[0]));
        if (done) return finish(() => reject(new Error(`exited before ${String(pattern)}:\n${text}`)));
      };
      const timer = setTimeout(
        () => finish(() => reject(new Error(`timed out waiting for ${String(pattern)}:\n${text}`))),
        timeoutMs,
      );
      const finish = (f: () => void) => {
        clearTimeout(timer);
        waiters.delete(check);
        f();
      };
      waiters.add(check);
      check();
    });
  const stop = async () => {
    if (done) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  return { process: child, output: () => text, waitFor, exited, stop };
}

/**
 * Starts the built server as production runs it (`node --enable-source-maps
 * apps/server/dist/main.js`, built by the suite's global setup) and waits for its "Listening on" line.
 */
export async function spawnPortal(env: Record<string, string>): Promise<SpawnedPortal> {
  const proc = spawnProcess(...serverCommand('main'), env);
  try {
    const address = await proc.waitFor(/Listening on (\S+)/);
    return { ...proc, url: address.replace('0.0.0.0', '127.0.0.1') };
  } catch (error) {
    await proc.stop();
    throw error;
  }
}

/**
 * A new, uniquely named database on the PostgreSQL server of DATABASE_URL, or on the local
 * one (postgres://postgres@127.0.0.1:5432) when unset: multi-node behaviour needs a real
 * server whichever engine the rest of the suite runs on. Dropped (forcibly) by `drop`.
 */
export async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `portal_ops_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: server });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
