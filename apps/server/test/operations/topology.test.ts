import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { validate } from 'dockerfile-utils';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortalClient } from '@portal/protocol/testing';
import { startLoopbackProxy, type LoopbackProxy } from '../../testing/loopback-proxy.ts';
import { repoRoot } from '../../src/paths.ts';
import * as spawning from '../../testing/spawn-portal.ts';

const PROCESS_TEST_TIMEOUT = 180_000;

interface ComposeService {
  image?: string;
  build?: string;
  command?: string[];
  read_only?: boolean;
  tmpfs?: string[];
  user?: string;
  environment?: Record<string, string>;
  healthcheck?: { test?: string[]; disable?: boolean };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
}

describe('container files', () => {
  it('the Dockerfile passes the Dockerfile linter and is multi-stage, non-root, with a health check', async () => {
    const dockerfile = await readFile(path.join(repoRoot, 'Dockerfile'), 'utf8');
    expect(validate(dockerfile)).toEqual([]);
    const instructions = dockerfile
      .split('\n')
      .filter((l) => /^[A-Z]+ /.test(l))
      .map((l) => l.split(' ')[0]);
    expect(instructions.filter((i) => i === 'FROM').length).toBeGreaterThanOrEqual(2);
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^HEALTHCHECK .*\n?.*scripts\/healthcheck\.mjs/m);
    expect(runtime).toMatch(/^VOLUME \["\/var\/lib\/portal"\]$/m);
    expect(runtime).toContain('--omit=dev');
    // What runs is the build: no TypeScript sources, tests or loader in the image.
    expect(runtime).not.toMatch(/apps\/server\/src|tsx/);
    expect(runtime).toMatch(/^CMD \["node", "--enable-source-maps", "apps\/server\/dist\/main\.js"\]$/m);
  });

  it('the image runs a Node LTS line that is still supported, at least what engines promises', async () => {
    const dockerfile = await readFile(path.join(repoRoot, 'Dockerfile'), 'utf8');
    const major = Number(/^ARG NODE_IMAGE=node:(\d+)[.-]/m.exec(dockerfile)?.[1]);
    // https://nodejs.org/en/about/previous-releases: LTS lines and their end of life.
    const endOfLife: Record<number, string> = { 22: '2027-04-30', 24: '2028-04-30', 26: '2029-04-30' };
    expect(Object.keys(endOfLife)).toContain(String(major));
    expect(new Date(endOfLife[major]!).getTime()).toBeGreaterThan(Date.now());
    const { engines } = JSON.parse(await readFile(path.join(repoRoot, 'package.json'), 'utf8')) as {
      engines: { node: string };
    };
    expect(major).toBeGreaterThanOrEqual(Number(/\d+/.exec(engines.node)?.[0]));
  });

  it('compose.yaml runs PostgreSQL, a migration step, two read-only portal nodes with health checks, and a proxy', async () => {
    const compose = parse(await readFile(path.join(repoRoot, 'compose.yaml'), 'utf8'), { merge: true }) as {
      services: Record<string, ComposeService>;
    };
    const { services } = compose;
    expect(Object.keys(services).sort()).toEqual(['db', 'migrate', 'portal-1', 'portal-2', 'proxy']);
    expect(services.db!.healthcheck?.test?.join(' ')).toContain('pg_isready');
    expect(services.migrate!.command).toEqual([
      'node',
      '--enable-source-maps',
      'apps/server/dist/migrate.js',
    ]);
    for (const name of ['portal-1', 'portal-2']) {
      const node = services[name]!;
      expect(node.read_only, name).toBe(true);
      expect(node.tmpfs).toContain('/tmp');
      expect(node.healthcheck?.test).toEqual(['CMD', 'node', 'scripts/healthcheck.mjs']);
      expect(node.depends_on).toEqual({
        db: { condition: 'service_healthy' },
        migrate: { condition: 'service_completed_successfully' },
      });
      expect(node.environment).toMatchObject({ NODE_ENV: 'production', TRUST_PROXY: '1' });
      // Every required secret is demanded, never defaulted.
      for (const key of ['PORTAL_MASTER_KEY', 'JWT_SECRET', 'PUBLIC_URL']) {
        expect(node.environment?.[key], key).toMatch(new RegExp(`^\\$\\{${key}:\\?`));
      }
      expect(node.environment?.DATABASE_URL).toMatch(/@db:5432\//);
      expect(node.volumes?.some((v) => v.endsWith(':/var/lib/portal'))).toBe(true);
    }
    expect(services.proxy!.depends_on).toEqual({
      'portal-1': { condition: 'service_healthy' },
      'portal-2': { condition: 'service_healthy' },
    });
    const caddyfile = await readFile(path.join(repoRoot, 'deploy/Caddyfile'), 'utf8');
    expect(caddyfile).toMatch(/reverse_proxy portal-1:8080 portal-2:8080/);
    expect(caddyfile).toMatch(/health_uri \/readyz/);
  });
});

describe('two production nodes on PostgreSQL behind a proxy (the compose topology, without containers)', () => {
  let database: Awaited<ReturnType<typeof spawning.freshPostgres>>;
  let dataDir: string;
  const nodes: spawning.SpawnedPortal[] = [];
  let proxy: LoopbackProxy | undefined;
  const admin = { email: 'ops-admin@clinic.example', password: 'Sturdy-ops-pass-2026' };

  beforeAll(async () => {
    database = await spawning.freshPostgres();
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-topology-'));
    const env = { ...spawning.PRODUCTION_ENV, DATABASE_URL: database.url };
    // The deployment's steps: migrate, create the first administrator, start the nodes.
    const migrate = spawning.spawnProcess('npm', ['run', 'migrate', '--silent'], env);
    expect((await migrate.exited).code, migrate.output()).toBe(0);
    const create = spawning.spawnProcess(
      'npm',
      [
        'run',
        'admin:create',
        '--silent',
        '--',
        '--email',
        admin.email,
        '--first-name',
        'Ops',
        '--last-name',
        'Admin',
      ],
      { ...env, DATA_DIR: path.join(dataDir, 'cli'), ADMIN_PASSWORD: admin.password },
    );
    expect((await create.exited).code, create.output()).toBe(0);
    proxy = await startLoopbackProxy([]);
    for (const name of ['a', 'b']) {
      nodes.push(
        await spawning.spawnPortal({
          ...env,
          DATA_DIR: path.join(dataDir, name),
          PUBLIC_URL: proxy.url,
          TRUST_PROXY: '127.0.0.1',
        }),
      );
    }
    proxy.setUpstreams(nodes.map((n) => n.url));
  }, PROCESS_TEST_TIMEOUT);

  afterAll(async () => {
    await proxy?.close();
    await Promise.all(nodes.map((n) => n.stop()));
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }, PROCESS_TEST_TIMEOUT);

  it('both nodes are ready', async () => {
    for (const node of nodes) {
      const answer = await fetch(`${node.url}/readyz`);
      expect(await answer.json()).toEqual({ status: 'ready' });
    }
  });

  it('serves one session whose requests alternate between the nodes', async () => {
    const served = () => [...proxy!.counts];
    const client = new PortalClient({ baseUrl: proxy!.url });
    const steps: [string, () => Promise<void>][] = [
      ['handshake', () => client.handshake()],
      [
        'login (password sealed under the salt)',
        async () => {
          await client.login(admin.email, admin.password);
        },
      ],
      [
        'sealed answer',
        async () => {
          const page = await client.send({ method: 'GET', path: '/admin/users/', query: { q: 'ops-admin' } });
          expect(page.status).toBe(200);
          expect(page.body).toMatchObject({ code: 0, salt: expect.any(String) });
          expect(JSON.stringify(page.data)).toContain(admin.email);
        },
      ],
      [
        'event poll',
        async () => {
          const poll = await client.send({ method: 'GET', path: '/patient/event/' });
          expect(poll.status).toBe(200);
        },
      ],
      [
        'refresh',
        async () => {
          await client.refresh();
        },
      ],
      [
        'after refresh',
        async () => {
          expect((await client.send({ method: 'GET', path: '/patient/event/' })).status).toBe(200);
        },
      ],
    ];
    const servedBy: number[] = [];
    for (const [name, step] of steps) {
      const before = served();
      await step();
      const after = served();
      const node = after.findIndex((n, i) => n > before[i]!);
      expect(after.reduce((a, b) => a + b) - before.reduce((a, b) => a + b), name).toBe(1);
      servedBy.push(node);
    }
    expect(servedBy).toEqual([0, 1, 0, 1, 0, 1]);
  });
});
