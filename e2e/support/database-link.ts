import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { serverCommand } from '../../scripts/builds.mjs';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A portal server of its own whose PostgreSQL connection runs through a TCP link the test
 * can cut (open connections reset, new ones refused) and restore: a database outage without
 * touching the machine's PostgreSQL. Like apps/server/testing/tcp-proxy.ts, which the
 * e2e project cannot import.
 */
export interface PortalWithDatabaseLink {
  baseUrl: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startPortalWithDatabaseLink(databaseUrl: string): Promise<PortalWithDatabaseLink> {
  const server = new URL(databaseUrl);
  const name = `portal_e2e_outage_${randomBytes(5).toString('hex')}`;
  const psql = ['-h', server.hostname, '-p', server.port || '5432', '-U', server.username || 'postgres'];
  await run('createdb', [...psql, name]);

  const open = new Set<net.Socket>();
  let down = false;
  const link = net.createServer((client) => {
    if (down) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect({ host: server.hostname, port: Number(server.port || 5432) });
    open.add(client).add(upstream);
    client.on('close', () => open.delete(client));
    upstream.on('close', () => open.delete(upstream));
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => link.listen(0, '127.0.0.1', resolve));
  const proxied = new URL(databaseUrl);
  proxied.hostname = '127.0.0.1';
  proxied.port = String((link.address() as net.AddressInfo).port);
  proxied.pathname = `/${name}`;

  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-outage-'));
  const child: ChildProcess = spawn(...serverCommand('main'), {
    cwd: repoRoot,
    stdio: 'ignore',
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: proxied.toString(),
      WEB_DIST: process.env.PORTAL_E2E_WEB_DIST,
      PUBLIC_URL: baseUrl,
      PORTAL_DEMO: '1',
      LOG_LEVEL: 'silent',
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    child.kill('SIGTERM');
    await exited;
    for (const socket of open) socket.destroy();
    await new Promise<void>((resolve) => link.close(() => resolve()));
    await run('dropdb', [...psql, '--if-exists', '--force', name]);
    await rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  while (
    !(await fetch(`${baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await close();
      throw new Error('the outage test server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    cut() {
      down = true;
      for (const socket of open) socket.resetAndDestroy();
      open.clear();
    },
    restore() {
      down = false;
    },
    close,
  };
}
