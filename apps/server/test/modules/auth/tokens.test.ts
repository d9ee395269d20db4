import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { tokenData } from '@portal/protocol';
import { type PortalClient } from '@portal/protocol/testing';
import { users } from '../../../src/db/schema/index.ts';
import { queueEvent } from '../../../src/modules/events/event-queries.ts';
import { DEMO_PATIENT, startTestPortal, type TestPortal } from '../../../testing/test-portal.ts';
import { codeOf } from '../../../testing/answers.ts';

let t: TestPortal;
beforeAll(async () => {
  t = await startTestPortal();
});
afterAll(() => t.close());

const poll = (c: PortalClient, headers?: Record<string, string>) =>
  c.send({ method: 'GET', path: '/patient/event/', headers });

function b64url(value: unknown) {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describe('access tokens', () => {
  it('lets a signed-in patient poll events, and refuses a request without a token with 10401', async () => {
    const c = await t.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password);
    const answer = await poll(c);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ code: 0, data: { name: null } });
    const anonymous = t.client();
    await anonymous.handshake();
    const refused = await poll(anonymous);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ code: 10401, message: 'Session expired' });
  });

  it('refuses an expired token with 10401', async () => {
    const c = await t.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password);
    t.clock.advance(15 * 60 * 1000 + 1000);
    try {
      expect(codeOf(await poll(c))).toBe(10401);
    } finally {
      t.clock.advance(-(15 * 60 * 1000 + 1000));
    }
  });

  it('refuses tokens with alg none, a wrong key, or tampered claims', async () => {
    const c = await t.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password);
    const [header, payload] = c.access!.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const [admin] = await t.portal.ctx.db.select().from(users).where(eq(users.email, 'admin@example.com'));

    const none = `${b64url({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const wrongKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-another-secret-000'));
    const tampered = `${header}.${b64url({ ...claims, sub: admin!.id, roles: ['admin'] })}.${c.access!.split('.')[2]}`;
    for (const token of [none, wrongKey, tampered, 'not-a-jwt']) {
      const answer = await poll(c, { authorization: `Bearer ${token}` });
      expect(answer.status).toBe(401);
      expect(codeOf(answer)).toBe(10401);
    }
  });

  it('refuses a token used with another live uid (tokens are bound to their handshake)', async () => {
    const c = await t.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password);
    const other = t.client();
    await other.handshake();
    expect(codeOf(await poll(c, { uid: other.uid! }))).toBe(10401);
  });

  it('answers 10014 for an unknown uid, so the client handshakes again, and a refresh from the new uid carries the session on', async () => {
    const c = await t.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password);
    const answer = await poll(c, { uid: 'bogus-uid' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 10014, message: 'Unknown or expired handshake: handshake again' });
    await c.handshake();
    expect(codeOf(await poll(c))).toBe(10401);
    await c.refresh();
    expect(codeOf(await poll(c))).toBe(0);
  });

  it('expires a handshake after 24 hours without use', async () => {
    const c = await t.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password);
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    try {
      expect(codeOf(await poll(c))).toBe(10014);
    } finally {
      t.clock.advance(-(24 * 60 * 60 * 1000 + 1000));
    }
  });
});

describe('a short handshake lifetime (HANDSHAKE_TTL_SECONDS=5)', () => {
  let short: TestPortal;
  beforeAll(async () => {
    short = await startTestPortal({ env: { HANDSHAKE_TTL_SECONDS: '5' } });
  });
  afterAll(() => short?.close());

  it('keeps a handshake in use alive past its lifetime, and expires it after the lifetime without use', async () => {
    const c = await short.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password);
    // Used every 2 s for 20 s: the event poll (answered from the node's cache) and a profile read.
    for (let i = 0; i < 10; i++) {
      short.clock.advance(2000);
      expect(codeOf(await poll(c))).toBe(0);
      expect(codeOf(await c.send({ method: 'GET', path: '/patient/profile/' }))).toBe(0);
    }
    short.clock.advance(6000);
    expect(codeOf(await poll(c))).toBe(10014);
  });
});

describe('refresh tokens', () => {
  it('rotates: a refresh answers new tokens, and the old access token keeps working until it expires', async () => {
    const c = await t.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password);
    const before = { access: c.access, refresh: c.refreshToken };
    const data = tokenData.parse(await c.refresh());
    expect(data.refresh).not.toBe(before.refresh);
    expect(data.access).not.toBe(before.access);
    expect(codeOf(await poll(c))).toBe(0);
  });

  it('refuses a reused refresh token and revokes its family', async () => {
    const c = await t.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password);
    const stolen = c.refreshToken!;
    await c.refresh();
    const replay = await c.send({ method: 'POST', path: '/token/refresh/', body: { refresh: stolen } });
    expect(replay.status).toBe(401);
    expect(codeOf(replay)).toBe(10401);
    // The legitimate holder's newer tokens die with the family.
    expect(codeOf(await poll(c))).toBe(10401);
    const next = await c.send({
      method: 'POST',
      path: '/token/refresh/',
      body: { refresh: c.refreshToken! },
    });
    expect(codeOf(next)).toBe(10401);
  });

  it('refuses an unknown refresh token', async () => {
    const c = t.client();
    await c.handshake();
    expect(
      codeOf(await c.send({ method: 'POST', path: '/token/refresh/', body: { refresh: 'made-up' } })),
    ).toBe(10401);
  });
});

describe('logout', () => {
  it('revokes the session and the uid', async () => {
    const c = await t.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password);
    const { access, refreshToken, uid } = c;
    await c.logout();
    const reuse = t.client();
    reuse.uid = uid;
    reuse.access = access;
    expect(codeOf(await poll(reuse))).toBe(10014);
    await reuse.handshake();
    const refresh = await reuse.send({
      method: 'POST',
      path: '/token/refresh/',
      body: { refresh: refreshToken },
    });
    expect(codeOf(refresh)).toBe(10401);
  });
});

describe('events', () => {
  it('hands out queued events oldest first, each once', async () => {
    const c = await t.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password);
    const [patient] = await t.portal.ctx.db.select().from(users).where(eq(users.email, DEMO_PATIENT.email));
    await queueEvent(t.portal.ctx, t.portal.ctx.db, patient!.id, 'refresh_token');
    await queueEvent(t.portal.ctx, t.portal.ctx.db, patient!.id, 'refresh_token');
    const answers = await Promise.all([poll(c), poll(c), poll(c)]);
    const names = answers.map((a) => (a.body as { data: { name: string | null } }).data.name).sort();
    expect(names).toEqual([null, 'refresh_token', 'refresh_token']);
  });

  it('never shows one user the events of another', async () => {
    const admin = await t.signedIn('admin@example.com', 'Admin-demo-2025');
    const [patient] = await t.portal.ctx.db.select().from(users).where(eq(users.email, DEMO_PATIENT.email));
    await queueEvent(t.portal.ctx, t.portal.ctx.db, patient!.id, 'refresh_token');
    expect((await poll(admin)).body).toEqual({ code: 0, data: { name: null } });
  });
});
