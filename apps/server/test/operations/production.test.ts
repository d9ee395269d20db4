import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import http2 from 'node:http2';
import https from 'node:https';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PATIENT } from '../../testing/test-portal.ts';
import { loopbackTlsCertificate } from '../../testing/tls-certificate.ts';
import {
  freshPostgres,
  PRODUCTION_ENV,
  spawnPortal,
  spawnProcess,
  type SpawnedPortal,
} from '../../testing/spawn-portal.ts';
import { PortalClient } from '@portal/protocol/testing';
import { serverCommand } from '../../../../scripts/builds.mjs';
import serverPackage from '../../package.json' with { type: 'json' };
import { repoRoot } from '../../src/paths.ts';

const PROCESS_TEST_TIMEOUT = 120_000;
const distDir = path.join(repoRoot, 'apps/server/dist');

/** A P-256 public key as the handshake wants it (uncompressed SEC1 point, hex). */
function clientPublicKey(): string {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return publicKey.export({ format: 'der', type: 'spki' }).subarray(-65).toString('hex');
}

function handshake(baseUrl: string, forwardedFor: string) {
  return fetch(`${baseUrl}/backend/api/v1/token/handshake_any/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ key: clientPublicKey() }),
  });
}

describe('production mode, as its own process', () => {
  it(
    '`NODE_ENV=production npm start` without configuration names every missing setting in one message and exits non-zero',
    async () => {
      const run = spawnProcess('npm', ['start', '--silent'], { NODE_ENV: 'production' });
      const { code } = await run.exited;
      expect(code).not.toBe(0);
      const output = run.output();
      const message = /Invalid configuration:\n.*missing in production: (.*)/.exec(output);
      expect(message, output).not.toBeNull();
      expect(message![1]).toBe(
        'DATABASE_URL (or DATA_DIR for the embedded database), PORTAL_MASTER_KEY, JWT_SECRET, PUBLIC_URL',
      );
      expect(output).not.toContain('Listening on');
    },
    PROCESS_TEST_TIMEOUT,
  );

  it(
    'refuses invalid values and demo data alongside the missing ones',
    async () => {
      const run = spawnProcess(...serverCommand('main'), {
        NODE_ENV: 'production',
        PORTAL_MASTER_KEY: 'short',
        PORTAL_DEMO: '1',
        TLS_CERT: '/nonexistent.pem',
      });
      expect((await run.exited).code).toBe(1);
      const output = run.output();
      expect(output).toContain('missing in production: DATABASE_URL (or DATA_DIR');
      expect(output).toContain('PORTAL_MASTER_KEY: must be 64 hex characters');
      expect(output).toContain('PORTAL_DEMO: demo accounts are never created in production');
      expect(output).toContain('TLS_CERT and TLS_KEY: set both or neither');
    },
    PROCESS_TEST_TIMEOUT,
  );

  describe('a complete production configuration on PostgreSQL', () => {
    let database: Awaited<ReturnType<typeof freshPostgres>>;
    let node: SpawnedPortal;

    beforeAll(async () => {
      database = await freshPostgres();
      node = await spawnPortal({
        ...PRODUCTION_ENV,
        DATABASE_URL: database.url,
        RATE_LIMIT_HANDSHAKE_PER_MINUTE: '2',
      });
    }, PROCESS_TEST_TIMEOUT);
    afterAll(async () => {
      await node?.stop();
      await database?.drop();
    }, PROCESS_TEST_TIMEOUT);

    it('is the build run by plain node, as the image and `npm start` run it: no TypeScript loader', async () => {
      // What the kernel started, flags included: a loader needs --import/--require/--loader or NODE_OPTIONS.
      const argv = (await readFile(`/proc/${node.process.pid}/cmdline`, 'utf8')).split('\0').filter(Boolean);
      expect(argv).toEqual([process.execPath, '--enable-source-maps', path.join(distDir, 'main.js')]);
      const environ = (await readFile(`/proc/${node.process.pid}/environ`, 'utf8')).split('\0');
      expect(environ.filter((v) => v.startsWith('NODE_OPTIONS='))).toEqual([]);
    });

    it('starts, is ready, and created no demo accounts', async () => {
      expect((await fetch(`${node.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${node.url}/readyz`)).status).toBe(200);
      expect(node.output()).not.toContain('Demo accounts');
      const client = new PortalClient({ baseUrl: node.url });
      await client.handshake();
      await expect(client.login(DEMO_PATIENT.email, DEMO_PATIENT.password)).rejects.toMatchObject({
        code: 10013,
      });
    });

    it('ignores X-Forwarded-For without TRUST_PROXY: a client cannot dodge the rate limit by claiming addresses', async () => {
      // The login above used one handshake of the two allowed a minute.
      expect((await handshake(node.url, '203.0.113.1')).status).toBe(200);
      const third = await handshake(node.url, '203.0.113.2');
      expect(third.status).toBe(429);
      expect(await third.json()).toMatchObject({ code: 10429 });
    });
  });

  it('the build imports only production dependencies and Node built-ins (no tsx, no test-only package)', async () => {
    const allowed = new Set([...Object.keys(serverPackage.dependencies), ...builtinModules]);
    const imported = new Set<string>();
    for (const file of await readdir(distDir, { recursive: true })) {
      if (!file.endsWith('.js') || file.startsWith('bench')) continue;
      const code = await readFile(path.join(distDir, file), 'utf8');
      // esbuild writes `import … from "x";` at the start of a line and `import("x")`.
      const specifiers =
        /^(?:import|export)\b[^;]*?\bfrom\s*"([^".][^"]*)";|^import\s*"([^".][^"]*)";|\bimport\("([^".][^"]*)"\)/gm;
      for (const match of code.matchAll(specifiers)) {
        const specifier = match[1] ?? match[2] ?? match[3]!;
        const name = specifier!
          .replace(/^node:/, '')
          .split('/')
          .slice(0, specifier!.startsWith('@') ? 2 : 1);
        imported.add(name.join('/'));
      }
    }
    expect(imported.size).toBeGreaterThan(10);
    expect([...imported].filter((name) => !allowed.has(name))).toEqual([]);
  });

  it(
    'a start that fails prints where, in TypeScript lines (source maps of the build)',
    async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'portal-fatal-'));
      try {
        await writeFile(path.join(dir, 'cert.pem'), 'not a certificate');
        await writeFile(path.join(dir, 'key.pem'), 'not a key');
        const run = spawnProcess(...serverCommand('main'), {
          ...PRODUCTION_ENV,
          DATA_DIR: path.join(dir, 'data'),
          TLS_CERT: path.join(dir, 'cert.pem'),
          TLS_KEY: path.join(dir, 'key.pem'),
          // Node's own frames and fastify's come first: room for the portal's below them.
          NODE_OPTIONS: '--stack-trace-limit=50',
        });
        expect((await run.exited).code).toBe(1);
        expect(run.output()).toMatch(/^\s+at .*apps\/server\/src\/app\.ts:\d+:\d+/m);
        expect(run.output()).not.toMatch(/dist\/main\.js:\d+/);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    PROCESS_TEST_TIMEOUT,
  );

  describe('built-in TLS and a trusted reverse proxy', () => {
    let dir: string;
    let node: SpawnedPortal;
    let cert: string;

    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'portal-tls-'));
      const pair = loopbackTlsCertificate();
      cert = pair.cert;
      await writeFile(path.join(dir, 'cert.pem'), pair.cert);
      await writeFile(path.join(dir, 'key.pem'), pair.key, { mode: 0o600 });
      node = await spawnPortal({
        ...PRODUCTION_ENV,
        // The embedded database, named explicitly, is the other accepted storage.
        DATA_DIR: path.join(dir, 'data'),
        TLS_CERT: path.join(dir, 'cert.pem'),
        TLS_KEY: path.join(dir, 'key.pem'),
        TRUST_PROXY: '127.0.0.1',
        RATE_LIMIT_HANDSHAKE_PER_MINUTE: '2',
      });
    }, PROCESS_TEST_TIMEOUT);
    afterAll(async () => {
      await node?.stop();
      await rm(dir, { recursive: true, force: true });
    }, PROCESS_TEST_TIMEOUT);

    const request = (
      url: string,
      init: { method?: string; headers?: Record<string, string>; body?: string } = {},
    ) =>
      new Promise<{ status: number; body: string; protocol: string }>((resolve, reject) => {
        https
          .request(url, { ca: cert, method: init.method ?? 'GET', headers: init.headers }, (res) => {
            const protocol = res.socket.constructor.name;
            let body = '';
            res.on('data', (c: Buffer) => (body += c.toString('utf8')));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body, protocol }));
          })
          .on('error', reject)
          .end(init.body);
      });
    const get = (url: string) => request(url);
    const tlsHandshake = (forwardedFor: string) =>
      request(`${node.url}/backend/api/v1/token/handshake_any/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
        body: JSON.stringify({ key: clientPublicKey() }),
      });

    it('serves HTTPS with the given certificate, verified against it', async () => {
      expect(node.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      const health = await get(`${node.url}/healthz`);
      expect(health).toMatchObject({ status: 200, protocol: 'TLSSocket' });
      expect(JSON.parse(health.body)).toEqual({ status: 'ok' });
      expect((await get(`${node.url}/readyz`)).status).toBe(200);
    });

    it('speaks HTTP/2 to a client that offers it, with the answers and headers HTTP/1.1 gets', async () => {
      const session = http2.connect(node.url, { ca: cert });
      try {
        const answer = (headers: http2.OutgoingHttpHeaders, body?: string) =>
          new Promise<{ headers: http2.IncomingHttpHeaders; body: string }>((resolve, reject) => {
            const stream = session.request(headers);
            let text = '';
            let received: http2.IncomingHttpHeaders = {};
            stream.on('response', (h) => (received = h));
            stream.on('data', (c: Buffer) => (text += c.toString('utf8')));
            stream.on('end', () => resolve({ headers: received, body: text }));
            stream.on('error', reject);
            stream.end(body);
          });
        const health = await answer({ ':path': '/healthz' });
        expect(health.headers[':status']).toBe(200);
        expect(JSON.parse(health.body)).toEqual({ status: 'ok' });
        expect(health.headers['strict-transport-security']).toMatch(/max-age=\d+/);
        expect(health.headers['x-content-type-options']).toBe('nosniff');
        const opened = await answer(
          {
            ':method': 'POST',
            ':path': '/backend/api/v1/token/handshake_any/',
            'content-type': 'application/json',
            'x-forwarded-for': '198.51.100.9',
          },
          JSON.stringify({ key: clientPublicKey() }),
        );
        expect(opened.headers[':status']).toBe(200);
        expect(JSON.parse(opened.body)).toMatchObject({ code: 0 });
        expect(opened.headers['cache-control']).toBe('no-store');
        expect(session.alpnProtocol).toBe('h2');
      } finally {
        session.close();
      }
    });

    it('honours X-Forwarded-For from the trusted proxy: each forwarded client has its own limit', async () => {
      for (const client of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
        expect((await tlsHandshake(client)).status).toBe(200);
        expect((await tlsHandshake(client)).status).toBe(200);
      }
      expect((await tlsHandshake('198.51.100.1')).status).toBe(429);
    });
  });
});
