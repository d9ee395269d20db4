import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TlsCertificate } from '@portal/server/testing';
import { onExit } from '../lib/exit-cleanup.ts';
import { freePort } from '../lib/free-port.ts';
import { repoRoot } from '../lib/repo-root.ts';
import { startService, type Service } from '../lib/service-process.ts';
import { portalEntry } from '../lib/node-entry.ts';
import { PortalLog } from './portal-log.ts';

// Migrations and the demo seed (two argon2 hashes) run before /healthz answers.
const STARTUP_TIMEOUT_MS = 120_000;
// High enough that the limits never answer 10429 and the lockout never trips: the bench
// measures the work behind them, not the limiter's refusals.
const UNLIMITED = '1000000';

export interface PortalUnderTest {
  service: Service;
  /** For the report: which database engine served the run. */
  engine: string;
  /** The server's DATA_DIR, where mail lands in outbox/ (no SMTP_URL in a bench). */
  dataDir: string;
  /** Bearer token of the portal's GET /metrics, for its own event-loop delay. */
  metricsToken: string;
  /** The environment it runs with (database, keys, DATA_DIR): another start of the same node needs it. */
  env: NodeJS.ProcessEnv;
  log: PortalLog;
  /** Stops the process (if `service.stop()` has not already) and removes its data directory. */
  close(): Promise<void>;
}

/**
 * The real server, built (apps/server/dist/main.js), in development mode with explicit throwaway
 * keys, the demo patient seeded, and a temporary data directory that goes with it.
 */
export async function startPortal(
  databaseUrl: string | undefined,
  options: {
    /** Runs with the portal's environment before it starts (a suite that seeds its own data). */
    beforeStart?: (env: NodeJS.ProcessEnv) => Promise<void>;
    /** The portal's own HTTPS (HTTP/2) with this certificate; the caller's clients must trust it. */
    tls?: TlsCertificate;
  } = {},
): Promise<PortalUnderTest> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-'));
  const forgetDataDir = onExit(() => rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const log = new PortalLog();
  const metricsToken = randomBytes(24).toString('hex');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    PORTAL_MASTER_KEY: randomBytes(32).toString('hex'),
    JWT_SECRET: randomBytes(32).toString('hex'),
    PORTAL_DEMO: '1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_AUTH_PER_MINUTE: UNLIMITED,
    RATE_LIMIT_HANDSHAKE_PER_MINUTE: UNLIMITED,
    LOCKOUT_THRESHOLD: UNLIMITED,
    METRICS_TOKEN: metricsToken,
  };
  // An empty DATABASE_URL in the parent environment must not reach the config as ''.
  if (databaseUrl === undefined) delete env.DATABASE_URL;
  else env.DATABASE_URL = databaseUrl;

  if (options.tls) {
    env.TLS_CERT = path.join(dataDir, 'tls-cert.pem');
    env.TLS_KEY = path.join(dataDir, 'tls-key.pem');
    await writeFile(env.TLS_CERT, options.tls.cert);
    await writeFile(env.TLS_KEY, options.tls.key, { mode: 0o600 });
  }
  await options.beforeStart?.(env);
  const service = await startService({
    name: 'portal',
    ...portalEntry(),
    cwd: repoRoot,
    env,
    baseUrl: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    healthPath: '/healthz',
    startupTimeoutMs: STARTUP_TIMEOUT_MS,
    onLine: (line) => log.record(line),
  }).catch(async (error: unknown) => {
    await rm(dataDir, { recursive: true, force: true });
    forgetDataDir();
    throw error;
  });

  return {
    service,
    dataDir,
    metricsToken,
    env,
    engine:
      databaseUrl === undefined ? 'embedded PGlite (DATABASE_URL not set)' : describePostgres(databaseUrl),
    log,
    async close() {
      await service.stop();
      await rm(dataDir, { recursive: true, force: true });
      forgetDataDir();
    },
  };
}

/** Host, port and database only: the URL may carry a password. */
function describePostgres(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `PostgreSQL at ${url.host}${url.pathname}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}
