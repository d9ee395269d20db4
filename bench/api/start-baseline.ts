import path from 'node:path';
import { freePort } from '../lib/free-port.ts';
import { repoRoot } from '../lib/repo-root.ts';
import { startService, type Service } from '../lib/service-process.ts';
import { typescriptEntry } from '../lib/typescript-entry.ts';

const STARTUP_TIMEOUT_MS = 30_000;

/** The bare Fastify hello-world of baseline-server.ts, on a free loopback port. */
export async function startBaseline(): Promise<Service> {
  const port = await freePort();
  return startService({
    name: 'baseline',
    ...typescriptEntry(path.join(import.meta.dirname, 'baseline-server.ts')),
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port) },
    baseUrl: `http://127.0.0.1:${port}`,
    healthPath: '/',
    startupTimeoutMs: STARTUP_TIMEOUT_MS,
  });
}
