import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortalClient } from '@portal/protocol/testing';
import { freshPostgres, PRODUCTION_ENV, spawnPortal } from '../../testing/spawn-portal.ts';
import { DEMO_ADMIN, DEMO_PATIENT, startTestPortal, type TestPortal } from '../../testing/test-portal.ts';
import { sample } from '../../testing/metrics.ts';

const METRICS_TOKEN = 'scrape-token-for-tests-0123456789';

describe('Prometheus metrics', () => {
  let t: TestPortal;
  const scrape = async () => {
    const answer = await fetch(`${t.baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/plain');
    return answer.text();
  };

  beforeAll(async () => {
    t = await startTestPortal({ env: { METRICS_TOKEN, LOCKOUT_THRESHOLD: '2' } });
  });
  afterAll(() => t.close());

  it('answers only with the bearer token: 403 (10403) without or with a wrong one', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer wrong-token-0123456789abc' },
      { authorization: METRICS_TOKEN },
    ]) {
      const answer = await fetch(`${t.baseUrl}/metrics`, { headers: headers as Record<string, string> });
      expect(answer.status).toBe(403);
      expect(await answer.json()).toEqual({ code: 10403, message: 'Not allowed' });
    }
  });

  it('counts requests and latency by route pattern and status, never by concrete path', async () => {
    const before = await scrape();
    const health = { method: 'GET', route: '/healthz', status: '200' };
    const healthBefore = sample(before, 'portal_http_requests_total', health);
    await fetch(`${t.baseUrl}/healthz`);
    await fetch(`${t.baseUrl}/healthz`);

    const admin = await t.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const someone = randomUUID();
    const missing = await admin.send({ method: 'GET', path: `/admin/patients/${someone}/chart/bf_adl/` });
    expect(missing.status).toBe(404);

    const after = await scrape();
    expect(sample(after, 'portal_http_requests_total', health)).toBe(healthBefore + 2);
    expect(
      sample(after, 'portal_http_request_duration_seconds_count', health) -
        sample(before, 'portal_http_request_duration_seconds_count', health),
    ).toBe(2);
    expect(after).toMatch(
      /portal_http_request_duration_seconds_bucket\{le="0.05",method="GET",route="\/healthz",status="200"\}/,
    );
    const missingRoute = {
      method: 'GET',
      route: '/backend/api/v1/admin/patients/:id/chart/:section/',
      status: '404',
    };
    expect(
      sample(after, 'portal_http_requests_total', missingRoute) -
        sample(before, 'portal_http_requests_total', missingRoute),
    ).toBe(1);
    expect(after).not.toContain(someone);
    expect(after).not.toContain(DEMO_ADMIN.email);
  });

  it('counts sign-ins by outcome and account lockouts', async () => {
    const before = await scrape();
    const c = t.client();
    await c.handshake();
    await c.login(DEMO_PATIENT.email, DEMO_PATIENT.password);
    for (let i = 0; i < 2; i++) {
      await expect(c.login(DEMO_PATIENT.email, `Wrong-password-${i}`)).rejects.toMatchObject({ code: 10013 });
    }
    await expect(c.login(DEMO_PATIENT.email, DEMO_PATIENT.password)).rejects.toMatchObject({ code: 10012 });

    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(delta('portal_logins_total', { outcome: 'success' })).toBe(1);
    expect(delta('portal_logins_total', { outcome: 'failure' })).toBe(2);
    expect(delta('portal_logins_total', { outcome: 'denied' })).toBe(1);
    expect(delta('portal_account_lockouts_total')).toBe(1);
  });

  it('exposes event-loop delay, process figures and the database pool', async () => {
    const text = await scrape();
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'process_resident_memory_bytes',
      'portal_db_pool_connections',
      'portal_db_pool_waiting_requests',
    ]) {
      expect(text).toMatch(new RegExp(`^${name} `, 'm'));
    }
    if (t.portal.database.engine === 'postgres') {
      expect(sample(text, 'portal_db_pool_connections')).toBeGreaterThan(0);
    }
  });

  it('is absent (404, 10404) when no METRICS_TOKEN is configured', async () => {
    const bare = await startTestPortal();
    try {
      const answer = await fetch(`${bare.baseUrl}/metrics`);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toMatchObject({ code: 10404 });
    } finally {
      await bare.close();
    }
  });
});

describe('JSON logs of a production process', () => {
  it('carry the request id the response names in X-Request-Id, and no e-mail address, query string or handshake id', async () => {
    const database = await freshPostgres();
    const node = await spawnPortal({ ...PRODUCTION_ENV, DATABASE_URL: database.url, LOG_LEVEL: 'info' });
    try {
      const email = 'someone.private@example.org';
      const answer = await fetch(`${node.url}/healthz?email=${encodeURIComponent(email)}`);
      const id = answer.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const c = new PortalClient({ baseUrl: node.url });
      await c.handshake();
      await expect(c.login(email, 'Not-the-password-1')).rejects.toMatchObject({ code: 10013 });
      await node.waitFor(/"statusCode":401/);

      const lines = node
        .output()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { reqId?: string; req?: { path?: string } });
      const mine = lines.filter((l) => l.reqId === id);
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.find((l) => l.req)?.req?.path).toBe('/healthz');
      const text = node.output();
      for (const secret of [email, encodeURIComponent(email), c.uid!]) expect(text).not.toContain(secret);
    } finally {
      await node.stop();
      await database.drop();
    }
  }, 120_000);
});
