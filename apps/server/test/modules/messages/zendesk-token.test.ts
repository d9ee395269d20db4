import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PublicConfig } from '@portal/protocol';
import type { PortalClient } from '@portal/protocol/testing';
import { settings, users } from '../../../src/db/schema/index.ts';
import { DEMO_ADMIN, DEMO_PATIENT, startTestPortal, type TestPortal } from '../../../testing/test-portal.ts';
import { codeOf, messageOf, sealedPost } from '../../../testing/answers.ts';

let t: TestPortal;
let admin: PortalClient;
let patient: PortalClient;
const KEY_ID = 'app_64f1c0ffee';
const SECRET = 'zendesk-shared-secret-for-tests-only-0123456789';

const webDist = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>portal</title>');

beforeAll(async () => {
  t = await startTestPortal({ env: { WEB_DIST: webDist } });
  admin = await t.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
  patient = await t.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password);
});
afterAll(() => t.close());

const pagePolicy = async () => {
  const page = await fetch(`${t.baseUrl}/welcome`);
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  return page.headers.get('content-security-policy') ?? '';
};
const directive = (policy: string, name: string) =>
  policy.split(';').find((d) => d.trim().startsWith(`${name} `)) ?? '';

const tokenAnswer = () => patient.send({ method: 'GET', path: '/token/zendesk/' });
const b64url = (part: string) =>
  JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

/** Checked by hand with node:crypto, as Zendesk would: no JWT library of ours in the loop. */
function verifyHs256(jwt: string, secret: string) {
  const [header, payload, signature] = jwt.split('.');
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature!, 'base64url');
  return {
    valid: given.length === expected.length && timingSafeEqual(given, expected),
    header: b64url(header!),
    payload: b64url(payload!),
  };
}

describe('GET /token/zendesk/', () => {
  it('answers 10409 while the messenger is built in', async () => {
    expect(directive(await pagePolicy(), 'script-src')).toBe("script-src 'self'");
    const builtIn = await tokenAnswer();
    expect(codeOf(builtIn)).toBe(10409);
    expect(messageOf(builtIn)).toBe('The messenger is not set to Zendesk');
  });

  it('signs a short-lived HS256 JWT with the key id and the claims Zendesk messaging documents', async () => {
    const saved = await sealedPost(admin, '/admin/settings/', {
      chat_mode: 'zendesk',
      zendesk_key_id: KEY_ID,
      zendesk_secret: SECRET,
      zendesk_widget_key: 'a1b2c3d4-0000-4000-8000-123456789abc',
    });
    expect(saved.status).toBe(200);

    const answer = await tokenAnswer();
    expect(answer.status).toBe(200);
    const { jwt } = answer.data as { jwt: string };
    // Sealed: the token names the patient, so the body on the wire must not carry it.
    expect(JSON.stringify(answer.body)).not.toContain(jwt.split('.')[1]);
    const { valid, header, payload } = verifyHs256(jwt, SECRET);
    expect(valid).toBe(true);
    expect(verifyHs256(jwt, `${SECRET}x`).valid).toBe(false);
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT', kid: KEY_ID });

    const [user] = await t.portal.ctx.db.select().from(users).where(eq(users.email, DEMO_PATIENT.email));
    const now = Math.floor(t.portal.ctx.now().getTime() / 1000);
    expect(payload).toEqual({
      scope: 'user',
      external_id: user!.id,
      name: `${user!.firstName} ${user!.lastName}`,
      email: DEMO_PATIENT.email,
      email_verified: true,
      iat: expect.any(Number),
      exp: expect.any(Number),
    });
    expect(Math.abs((payload.iat as number) - now)).toBeLessThanOrEqual(5);
    expect((payload.exp as number) - (payload.iat as number)).toBe(300);

    const config = await t.client().get<PublicConfig>('/public/config/');
    expect(config).toMatchObject({
      chat_mode: 'zendesk',
      zendesk_widget_key: 'a1b2c3d4-0000-4000-8000-123456789abc',
    });
  });

  it('answers 10409 when a key has gone missing from the store', async () => {
    await t.portal.ctx.db.delete(settings).where(eq(settings.key, 'zendesk_secret'));
    const noKeys = await tokenAnswer();
    expect(codeOf(noKeys)).toBe(10409);
    expect(messageOf(noKeys)).toBe('The Zendesk key id and secret are not configured');
  });

  it('keeps the widget key out of the public config once the messenger is built in again', async () => {
    await sealedPost(admin, '/admin/settings/', { chat_mode: 'builtin' });
    const config = await t.client().get<PublicConfig>('/public/config/');
    expect(config).toMatchObject({ chat_mode: 'builtin', zendesk_widget_key: null });
    expect(codeOf(await sealedPost(admin, '/admin/settings/', { zendesk_widget_key: '<script>' }))).toBe(
      10400,
    );
  });

  it('needs a signed-in user', async () => {
    const anonymous = t.client();
    await anonymous.handshake();
    expect(codeOf(await anonymous.send({ method: 'GET', path: '/token/zendesk/' }))).toBe(10401);
  });
});

describe('API description', () => {
  it('documents every messenger endpoint in OpenAPI', async () => {
    const answer = await fetch(`${t.baseUrl}/backend/api/docs/json`);
    expect(answer.status).toBe(200);
    const spec = (await answer.json()) as { paths: Record<string, unknown> };
    for (const path of [
      '/patient/messages/',
      '/patient/messages/read/',
      '/patient/messages/attachment/',
      '/admin/messages/',
      '/admin/messages/thread/',
      '/admin/messages/reply/',
      '/admin/messages/assign/',
      '/admin/messages/status/',
      '/admin/messages/assignees/',
      '/admin/messages/attachment/',
      '/token/zendesk/',
    ]) {
      expect(Object.keys(spec.paths), path).toContain(`/backend/api/v1${path}`);
    }
  });
});
