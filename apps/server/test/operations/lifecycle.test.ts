import { generateKeyPairSync } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freshPostgres,
  PRODUCTION_ENV,
  spawnPortal,
  type SpawnedPortal,
} from '../../testing/spawn-portal.ts';

const PROCESS_TEST_TIMEOUT = 120_000;

const handshakeBody = () => {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return JSON.stringify({
    key: publicKey.export({ format: 'der', type: 'spki' }).subarray(-65).toString('hex'),
  });
};

/**
 * A request whose body is held back: the server has its headers (the request is in
 * flight) until `finish` sends the rest. Resolves with the raw response once complete.
 */
function slowRequest(baseUrl: string) {
  const { port } = new URL(baseUrl);
  const body = handshakeBody();
  const socket = net.connect(Number(port), '127.0.0.1');
  let response = '';
  socket.on('data', (c: Buffer) => (response += c.toString('utf8')));
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(response)));
  socket.on('error', () => undefined);
  const connected = new Promise<void>((resolve) => socket.once('connect', resolve));
  void connected.then(() =>
    socket.write(
      [
        'POST /backend/api/v1/token/handshake_any/ HTTP/1.1',
        'Host: 127.0.0.1',
        'Content-Type: application/json',
        `Content-Length: ${body.length}`,
        'Connection: close',
        '',
        body.slice(0, 10),
      ].join('\r\n'),
    ),
  );
  return { connected, finish: () => socket.write(body.slice(10)), closed };
}

function refusesConnections(baseUrl: string): Promise<boolean> {
  const { port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe('readiness and graceful shutdown of a production process', () => {
  let database: Awaited<ReturnType<typeof freshPostgres>>;
  let node: SpawnedPortal | undefined;
  const started: SpawnedPortal[] = [];
  const start = async (env: Record<string, string> = {}) => {
    const spawned = await spawnPortal({
      ...PRODUCTION_ENV,
      DATABASE_URL: database.url,
      LOG_LEVEL: 'info',
      ...env,
    });
    started.push(spawned);
    return spawned;
  };

  beforeAll(async () => {
    database = await freshPostgres();
  });
  afterAll(async () => {
    // Every process this file started, even one a failed test left running.
    await Promise.all(started.map((n) => n.stop()));
    await database?.drop();
  }, PROCESS_TEST_TIMEOUT);

  it(
    'drains an in-flight request after SIGTERM, refuses new connections, then exits 0',
    async () => {
      node = await start({ SHUTDOWN_GRACE_SECONDS: '30' });
      const inFlight = slowRequest(node.url);
      // The server has the headers once it logs the request; only then signal.
      await node.waitFor(/"msg":"incoming request"/);
      node.process.kill('SIGTERM');
      await node.waitFor(/SIGTERM: draining requests/);
      // Closing the listener follows the signal by a moment; poll rather than guess a delay.
      await expect.poll(() => refusesConnections(node!.url), { timeout: 20_000, interval: 100 }).toBe(true);
      inFlight.finish();
      const response = await inFlight.closed;
      expect(response).toMatch(/^HTTP\/1\.1 200 /);
      expect(response).toContain('"uid"');
      expect(await node.exited).toEqual({ code: 0, signal: null });
      expect(node.output()).toContain('Shut down cleanly');
    },
    PROCESS_TEST_TIMEOUT,
  );

  it(
    'exits non-zero once SHUTDOWN_GRACE_SECONDS pass with a request still open',
    async () => {
      node = await start({ SHUTDOWN_GRACE_SECONDS: '1' });
      const stuck = slowRequest(node.url);
      await node.waitFor(/"msg":"incoming request"/);
      node.process.kill('SIGTERM');
      expect(await node.exited).toEqual({ code: 1, signal: null });
      expect(node.output()).toContain('Shutdown grace period over');
      await stuck.closed;
    },
    PROCESS_TEST_TIMEOUT,
  );

  it(
    '/readyz answers 503 with code 10503 while a migration is missing or the database is gone',
    async () => {
      node = await start();
      expect(await (await fetch(`${node.url}/readyz`)).json()).toEqual({ status: 'ready' });

      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      const { rows } = await admin.query<{ id: number; hash: string; created_at: string }>(
        'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning id, hash, created_at',
      );
      const pending = await fetch(`${node.url}/readyz`);
      expect(pending.status).toBe(503);
      expect(await pending.json()).toEqual({
        code: 10503,
        message: 'Service temporarily unavailable',
        errors: [{ path: 'migrations', message: 'pending: run npm run migrate' }],
      });
      await admin.query(
        'insert into drizzle.__drizzle_migrations (id, hash, created_at) values ($1, $2, $3)',
        [rows[0]!.id, rows[0]!.hash, rows[0]!.created_at],
      );
      await admin.end();
      expect((await fetch(`${node.url}/readyz`)).status).toBe(200);
      expect((await fetch(`${node.url}/healthz`)).status).toBe(200);

      await database.drop();
      const gone = await fetch(`${node.url}/readyz`);
      expect(gone.status).toBe(503);
      expect(await gone.json()).toMatchObject({ code: 10503, errors: [{ path: 'database' }] });
      // Liveness is about the process, not its dependencies.
      expect((await fetch(`${node.url}/healthz`)).status).toBe(200);
    },
    PROCESS_TEST_TIMEOUT,
  );
});
