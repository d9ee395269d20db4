import path from 'node:path';
import { freePort } from '../lib/free-port.ts';
import { repoRoot } from '../lib/repo-root.ts';
import { startService, type Service } from '../lib/service-process.ts';
import { builtEntry } from '../lib/node-entry.ts';

const STARTUP_TIMEOUT_MS = 30_000;

/** The bare Fastify hello-world of baseline-server.ts, on a free loopback port. */
export function startBaseline(): Promise<Service> {
  return startYardstick('baseline', 'baseline-server.ts', '/', {});
}

/** The event poll's floor (poll-floor-server.ts): it verifies the portal's tokens with its JWT_SECRET. */
export function startPollFloor(jwtSecret: string): Promise<Service> {
  return startYardstick('poll floor', 'poll-floor-server.ts', '/healthz', { JWT_SECRET: jwtSecret });
}

/**
 * The floors of a sealed read (floor-server.ts) on PostgreSQL. It inherits the environment the
 * portal gets, so both size their pools from the same DATABASE_POOL_MAX.
 */
export function startFloor(databaseUrl: string): Promise<Service> {
  return startYardstick('floor', 'floor-server.ts', '/healthz', { DATABASE_URL: databaseUrl });
}

async function startYardstick(
  name: string,
  file: string,
  healthPath: string,
  env: NodeJS.ProcessEnv,
): Promise<Service> {
  const port = await freePort();
  return startService({
    name,
    ...(await builtEntry(path.join(import.meta.dirname, file))),
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port) },
    baseUrl: `http://127.0.0.1:${port}`,
    healthPath,
    startupTimeoutMs: STARTUP_TIMEOUT_MS,
  });
}
