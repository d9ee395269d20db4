import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from '../../scripts/builds.mjs';

/** A loopback port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export async function waitForHttp(url: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export interface Portal {
  url: string;
  stop(): Promise<void>;
}

/**
 * A portal of the smoke's own, as `npm start` runs it: the built app, the embedded PGlite in a
 * fresh data directory, the demo accounts. One per browser, so neither meets the other's
 * answers or language.
 */
export async function startPortal(): Promise<Portal> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-browsers-'));
  const url = `http://localhost:${port}`;
  // A private copy of the built app, as the Chromium suite serves: a `vite build` started
  // meanwhile (another terminal) replaces the hashed chunks a page has yet to load.
  const webDist = path.join(dataDir, 'web-dist');
  cpSync(path.join(root, 'apps/web/dist'), webDist, { recursive: true });
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      PORTAL_DEMO: '1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const stop = async () => {
    server.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHttp(`${url}/healthz`, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
