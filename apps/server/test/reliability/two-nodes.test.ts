import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@portal/protocol';
import { PortalClient } from '@portal/protocol/testing';
import { barthel, BF_ADL, submission } from '../../testing/assessment.ts';
import { startLoopbackProxy, type LoopbackProxy } from '../../testing/loopback-proxy.ts';
import { SAMPLE_INTAKE } from '../../testing/intake-samples.ts';
import {
  processDatabase,
  spawnServer,
  type ProcessDatabase,
  type ServerProcess,
} from '../../testing/server-process.ts';
import { DEMO_PATIENT } from '../../testing/test-portal.ts';

// Two processes share one database only on PostgreSQL; PGlite is one in-process connection.
describe.skipIf(!process.env.DATABASE_URL)('two server processes behind a round-robin proxy', () => {
  let db: ProcessDatabase;
  let nodes: ServerProcess[] = [];
  let proxy: LoopbackProxy;

  beforeAll(async () => {
    db = await processDatabase();
    // Started together: the migration advisory lock and the demo seed must cope with a race.
    nodes = await Promise.all([spawnServer(db.env), spawnServer(db.env)]);
    proxy = await startLoopbackProxy(nodes.map((n) => n.url));
  }, 180_000);
  afterAll(async () => {
    await proxy?.close();
    await Promise.all(nodes.map((n) => n.stop()));
    await db?.drop();
  }, 60_000);

  it('carries a whole patient session whose requests alternate between the nodes', async () => {
    const c = new PortalClient({ baseUrl: proxy.url });
    const before = [...proxy.counts];
    // Each step lands on the other node from the one before: handshake keys, salts,
    // sessions and refresh tokens must all live in the shared database.
    await c.handshake();
    await c.login(DEMO_PATIENT.email, DEMO_PATIENT.password);

    const profile = await c.get<{ version: number }>('/patient/profile/');
    const saved = await c.send({
      method: 'POST',
      path: '/patient/profile/',
      body: { version: profile.version, value: SAMPLE_INTAKE.profile },
      encrypt: true,
    });
    expect(saved.status).toBe(200);
    const reread = await c.get<{ version: number; value: Record<string, unknown> }>('/patient/profile/');
    expect(reread.version).toBe(profile.version + 1);
    expect(reread.value).toMatchObject({ first_name: 'Pat', last_name: 'Example' });

    const draft = await c.send({
      method: 'POST',
      path: BF_ADL,
      body: submission({ [barthel.items[0]!.id]: barthel.items[0]!.options[0]!.value }, { draft: true }),
      encrypt: true,
    });
    expect(draft.status).toBe(200);
    const assessment = await c.get<{ draft: { answers: Record<string, string> } | null }>(BF_ADL);
    expect(assessment.draft?.answers).toEqual({
      [barthel.items[0]!.id]: barthel.items[0]!.options[0]!.value,
    });

    const documents = await c.get<{ items: unknown[] }>('/patient/documents/');
    expect(Array.isArray(documents.items)).toBe(true);
    for (let i = 0; i < 4; i++) {
      expect(await c.get<{ name: unknown }>('/patient/event/')).toHaveProperty('name');
    }

    const oldRefresh = c.refreshToken!;
    await c.refresh();
    expect(c.refreshToken).not.toBe(oldRefresh);
    expect(await c.get('/patient/profile/')).toMatchObject({ version: profile.version + 1 });

    const refreshAfterLogout = c.refreshToken!;
    await c.logout();
    c.refreshToken = refreshAfterLogout;
    const refused = await c.refresh().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ApiError);

    const served = proxy.counts.map((n, i) => n - before[i]!);
    expect(served[0]).toBeGreaterThanOrEqual(5);
    expect(served[1]).toBeGreaterThanOrEqual(5);
  });
});
