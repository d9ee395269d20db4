import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import pg from 'pg';
import { serverCommand } from '../../scripts/builds.mjs';

/**
 * A portal of its own, on a fresh database, for journeys that change clinic settings every
 * other spec reads (the support menu, required MFA), so they must not share their server.
 */
export interface PrivatePortal {
  url: string;
  dataDir: string;
}

const repoRoot = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Under DATABASE_URL (as in CI) a database of its own on that server. */
async function freshDatabaseUrl(): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  const server = process.env.DATABASE_URL;
  if (!server) return { url: undefined, drop: async () => undefined };
  const name = `portal_e2e_admin_${randomBytes(4).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

async function startPortal(): Promise<{ portal: PrivatePortal; stop: () => Promise<void> }> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-admin-'));
  const database = await freshDatabaseUrl();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    PORTAL_DEMO: '1',
    PUBLIC_URL: url,
    RATE_LIMIT_AUTH_PER_MINUTE: '10000',
    RATE_LIMIT_HANDSHAKE_PER_MINUTE: '10000',
    LOG_LEVEL: 'warn',
  };
  // The same private copy of the built app as the main server under test (playwright.config.ts).
  if (process.env.PORTAL_E2E_WEB_DIST) env.WEB_DIST = process.env.PORTAL_E2E_WEB_DIST;
  if (database.url) env.DATABASE_URL = database.url;
  else delete env.DATABASE_URL;
  const child: ChildProcess = spawn(...serverCommand('main'), {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await expect
    .poll(
      () =>
        fetch(`${url}/healthz`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 120_000, intervals: [250] },
    )
    .toBe(200);
  return {
    portal: { url, dataDir },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Playwright's `test` with a worker-scoped private portal as `portal` and `baseURL`. */
export const privatePortalTest = base.extend<object, { portal: PrivatePortal }>({
  portal: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; it has none.
    async ({}, use) => {
      const { portal, stop } = await startPortal();
      await use(portal);
      await stop();
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ portal }, use) => use(portal.url),
});
