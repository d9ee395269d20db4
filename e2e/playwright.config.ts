import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { buildIfStale } from '../scripts/builds.mjs';

// The built web app and server, as `npm start` serves them; rebuilt only when a source changed.
buildIfStale(['web', 'server']);
// Chosen once in the runner and inherited by the workers, which read the mail outbox there. A
// port the system hands out, so two suites on one machine (two clones, a CI run beside a
// developer's) never meet on one server.
process.env.PORTAL_E2E_PORT ??= freeLoopbackPort();
process.env.PORTAL_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
// The server under test serves a private copy of the built app: a `vite build` started while
// the suite runs (another terminal, `npm run dev`) replaces the hashed chunks under its feet.
if (!process.env.PORTAL_E2E_WEB_DIST) {
  const copy = path.join(process.env.PORTAL_E2E_DATA_DIR, 'web-dist');
  cpSync(path.resolve(import.meta.dirname, '../apps/web/dist'), copy, { recursive: true });
  process.env.PORTAL_E2E_WEB_DIST = copy;
}
const port = process.env.PORTAL_E2E_PORT;
const baseURL = `http://localhost:${port}`;

/** Debian's Chromium: Playwright's own browser download is not available here. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../node_modules/.e2e-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    // Recording a trace (a screencast and a DOM snapshot per action) cost a third of the
    // suite's time in CI on 2 cores; there a failure is retried once with its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
  },
  webServer: {
    command: 'node --enable-source-maps apps/server/dist/main.js',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: port,
      DATA_DIR: process.env.PORTAL_E2E_DATA_DIR,
      WEB_DIST: process.env.PORTAL_E2E_WEB_DIST,
      PORTAL_DEMO: '1',
      PUBLIC_URL: baseURL,
      RATE_LIMIT_AUTH_PER_MINUTE: '10000',
      RATE_LIMIT_HANDSHAKE_PER_MINUTE: '10000',
      LOG_LEVEL: 'warn',
      // The shared portal runs on the embedded PGlite, the engine `npm start` gives a new user;
      // the server suite, the private portals and the outage scenario follow DATABASE_URL to
      // PostgreSQL (decision 0024), so one CI pass covers both engines.
      DATABASE_URL: '',
    },
  },
});

/** A loopback port nothing listens on now, found synchronously (the config cannot await). */
function freeLoopbackPort(): string {
  const probe =
    "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { process.stdout.write(String(s.address().port)); s.close(); });";
  return execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' });
}
