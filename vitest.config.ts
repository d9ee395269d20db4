import { defineConfig } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';
import react from '@vitejs/plugin-react';

// Chromium comes from Debian (/usr/bin/chromium); Playwright's own browser download is unavailable here.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Limits that only catch a hang, spread into every project (inline projects do not inherit the
// root's test options): the heaviest server tests passed 30 s at a load of 12-16, and in a CI run
// at load 25 the ESLint probe (5 s default) and a lazy page's first render (expect.poll's 1 s
// default) ran out of time.
const hangOnly = {
  testTimeout: 180_000,
  hookTimeout: 180_000,
  expect: { poll: { timeout: 30_000 } },
};

export default defineConfig({
  test: {
    // Vitest's default is one worker per core but one, so one on this 2-core machine; most of a
    // server test's time is spent waiting (HTTP round trips, child processes, timers), and three
    // finish sooner: the server project took 403 s with one fork and 295 s with three.
    maxWorkers: 3,
    projects: [
      {
        test: {
          ...hangOnly,
          name: 'protocol-node',
          include: ['packages/protocol/test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          ...hangOnly,
          name: 'protocol-chromium',
          include: ['packages/protocol/test/**/*.test.ts'],
          // node:crypto's envelope primitives (decision 0011) exist only in Node.
          exclude: ['packages/protocol/test/**/*.node.test.ts'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: {
                executablePath: chromium,
                args: [
                  '--no-sandbox',
                  '--disable-gpu',
                  '--disable-background-networking',
                  '--disable-component-update',
                  '--disable-sync',
                  '--no-first-run',
                ],
              },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
      {
        test: {
          ...hangOnly,
          // ESLint's own Node API on probe files: the import rules bite where they should.
          name: 'lint',
          include: ['apps/*/test/**/*.lint.test.ts'],
          environment: 'node',
          // A file's first lint loads ESLint's plugins and configs, seconds on a busy
          // machine: a limit that only catches a hang.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          ...hangOnly,
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          exclude: ['apps/server/test/**/*.lint.test.ts'],
          environment: 'node',
          pool: 'forks',
          // A worker loads the server's modules once for all its files rather than once per
          // file (about a quarter of the suite's time went to imports). Every file builds its
          // own portal and database, and no test mocks a module or changes process.env, so
          // files share nothing but read-only modules and process-wide metrics.
          isolate: false,
          globalSetup: ['apps/server/testing/global-setup.ts'],
          setupFiles: ['apps/server/testing/overlapping-statements.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          ...hangOnly,
          name: 'web',
          include: ['apps/web/test/**/*.test.{ts,tsx}'],
          exclude: ['apps/web/test/**/*.lint.test.ts'],
          // The app's styles and strings, as main.tsx loads them, under every component test.
          setupFiles: ['apps/web/testing/component-setup.ts'],
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({
              // The theme then shortens every transition (theme.css), so axe never measures the
              // colours of a button caught halfway between two styles.
              contextOptions: { reducedMotion: 'reduce' },
              launchOptions: {
                executablePath: chromium,
                args: [
                  '--no-sandbox',
                  '--disable-gpu',
                  '--disable-background-networking',
                  '--disable-component-update',
                  '--disable-sync',
                  '--no-first-run',
                ],
              },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
