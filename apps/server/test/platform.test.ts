import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortalClient } from '@portal/protocol/testing';
import { loadConfig } from '../src/config.ts';
import {
  DEMO_PATIENT,
  freshDatabase,
  linkToken,
  startTestPortal,
  type TestPortal,
} from '../testing/test-portal.ts';

let t: TestPortal;
beforeAll(async () => {
  t = await startTestPortal({ env: { RATE_LIMIT_AUTH_PER_MINUTE: '30' } });
});
afterAll(() => t.close());

describe('security headers', () => {
  it('lets an API answer load nothing, forbids framing and sniffing, and never caches it', async () => {
    const response = await fetch(`${t.baseUrl}/backend/api/v1/public/config/`);
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('adds HSTS in production', async () => {
    const prod = await startTestPortal({
      env: { NODE_ENV: 'production', PORTAL_DEMO: '0', PUBLIC_URL: 'https://portal.example' },
    });
    try {
      const response = await fetch(`${prod.baseUrl}/healthz`);
      expect(response.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
    } finally {
      await prod.close();
    }
  });
});

describe('rate limits', () => {
  it('answers 10429 with Retry-After past 30 token requests a minute from one address', async () => {
    const c = t.client();
    await c.handshake();
    const answers = [];
    for (let i = 0; i < 32; i++) {
      answers.push(
        await c.send({
          method: 'POST',
          path: '/token/password/reset/',
          body: { email: `x${i}@example.com` },
        }),
      );
    }
    expect(answers.slice(0, 30).every((a) => a.status === 200)).toBe(true);
    const limited = answers[31]!;
    expect(limited.status).toBe(429);
    expect((limited.body as { code: number }).code).toBe(10429);
    const raw = await fetch(`${t.baseUrl}/backend/api/v1/token/password/reset/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', uid: c.uid! },
      body: JSON.stringify({ email: 'y@example.com' }),
    });
    expect(Number(raw.headers.get('retry-after'))).toBeGreaterThan(0);
    t.clock.advance(61_000);
    const later = await c.send({
      method: 'POST',
      path: '/token/password/reset/',
      body: { email: 'z@example.com' },
    });
    expect(later.status).toBe(200);
  });
});

describe('API description', () => {
  it('serves OpenAPI with every auth endpoint and Swagger UI at /backend/api/docs', async () => {
    const spec = (await (await fetch(`${t.baseUrl}/backend/api/docs/json`)).json()) as {
      paths: Record<string, unknown>;
    };
    for (const path of [
      '/token/handshake_any/',
      '/token/',
      '/token/refresh/',
      '/token/logout/',
      '/token/signup/',
      '/token/verify-email/',
      '/token/password/reset/',
      '/token/password/reset/confirm/',
      '/public/config/',
      '/patient/event/',
    ]) {
      expect(Object.keys(spec.paths), path).toContain(`/backend/api/v1${path}`);
    }
    const ui = await fetch(`${t.baseUrl}/backend/api/docs/`);
    expect(ui.status).toBe(200);
    expect(await ui.text()).toContain('swagger');
  });
});

describe('mail outbox', () => {
  it('writes mail to DATA_DIR/outbox as .eml when no SMTP server is configured', async () => {
    const c = t.client();
    await c.handshake();
    await c.signup({
      email: 'outbox@example.com',
      password: 'Quiet-forest-trail-8',
      first_name: 'Olu',
      last_name: 'Box',
      date_of_birth: '1975-03-03',
      agree_terms: true,
      locale: 'cn',
    });
    const mails = await t.outbox();
    const mail = mails.find((m) => /To: outbox@example\.com/.test(m))!;
    expect(mail).toBeDefined();
    expect(linkToken(mail, '/auth/verify-email')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('logs', () => {
  it('carry request ids and never a password, token, key or salt', async () => {
    const c = await t.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password);
    await c.send({ method: 'GET', path: '/patient/event/' });
    const text = t.logs.join('');
    expect(text).toMatch(/"reqId":"[0-9a-f-]{36}"/);
    for (const secret of [DEMO_PATIENT.password, c.access!, c.refreshToken!, c.uid!]) {
      expect(text).not.toContain(secret);
    }
  });
  it("log the web's own polls at debug when they succeed, and a refused one at info with its path", async () => {
    const c = await t.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password);
    const since = t.logs.length;
    const polled = await c.send({ method: 'GET', path: '/patient/event/' });
    expect(polled.status).toBe(200);
    expect(t.logs.slice(since)).toEqual([]);
    const refused = await c.send({
      method: 'GET',
      path: '/patient/event/',
      headers: { authorization: 'Bearer x' },
    });
    expect(refused.status).toBe(401);
    const lines = t.logs.slice(since).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        reqId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        req: expect.objectContaining({ method: 'GET' }),
        res: { statusCode: 401 },
      }),
    ]);
    expect(JSON.stringify(lines[0]?.req)).toContain('/backend/api/v1/patient/event/');
  });
});

describe('two nodes, one database', () => {
  it('serves one client across both: handshake on A, login on B, refresh on A', async () => {
    const db = await freshDatabase();
    const a = await startTestPortal({ database: db.target });
    const b = await startTestPortal({ database: db.target, env: { PORTAL_DEMO: '0' } });
    try {
      const viaA = new PortalClient({ baseUrl: a.baseUrl });
      await viaA.handshake();
      const viaB = new PortalClient({ baseUrl: b.baseUrl });
      Object.assign(viaB, { uid: viaA.uid, sharedSecret: viaA.sharedSecret });
      await viaB.login(DEMO_PATIENT.email, DEMO_PATIENT.password);
      Object.assign(viaA, { access: viaB.access, refreshToken: viaB.refreshToken });
      await viaA.refresh();
      const poll = await viaA.send({ method: 'GET', path: '/patient/event/' });
      expect(poll.status).toBe(200);
    } finally {
      await b.close();
      await a.close();
      await db.drop();
    }
  });
});

describe('configuration', () => {
  it('refuses production without keys, naming what is missing', async () => {
    expect(() => loadConfig({ PORTAL_MASTER_KEY: 'nothex' })).toThrow(
      /PORTAL_MASTER_KEY: must be 64 hex characters/,
    );
    const prod = await startTestPortal({
      env: { NODE_ENV: 'production', PORTAL_DEMO: '0', PUBLIC_URL: 'https://portal.example' },
    }).catch((e: Error) => e);
    expect(prod).not.toBeInstanceOf(Error);
    if (!(prod instanceof Error)) await prod.close();
  });
});
