import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { type PublicConfig } from '@portal/protocol';
import { PortalClient, type PortalResponse } from '@portal/protocol/testing';
import { users } from '../../../src/db/schema/index.ts';
import { DEMO_ADMIN, linkToken, startTestPortal, type TestPortal } from '../../../testing/test-portal.ts';
import { acceptInvite } from '../../../testing/admin.ts';
import { makeSignaturePng } from '../../../testing/documents.ts';
import { codeOf, messageOf, pathsOf, sealedPost } from '../../../testing/answers.ts';

// Settings that reach beyond the settings page: the password minimum on every endpoint that
// sets a password, and the clinic's name and logo wherever a person sees the clinic.

let t: TestPortal;
let admin: PortalClient;
beforeAll(async () => {
  t = await startTestPortal({ env: { PUBLIC_URL: 'https://portal.example' } });
  admin = await t.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
});
afterAll(() => t.close());

const save = async (body: Record<string, unknown>) => {
  const answer = await sealedPost(admin, '/admin/settings/', body);
  expect(answer.status).toBe(200);
};
const publicConfig = async () =>
  ((await (await fetch(`${t.baseUrl}/backend/api/v1/public/config/`)).json()) as { data: PublicConfig }).data;
const lastMail = async () => (await t.outbox()).at(-1)!;
/** A mail's quoted-printable parts as the reader sees them. */
const readable = (mail: string) =>
  Buffer.from(
    mail
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** 20 characters and more: passes the protocol's policy and the raised minimum. */
const LONG = 'Lantern-harbour-quiet-sea-9';
/** 17 characters: passes the protocol's policy (12) but not a minimum of 20. */
const SHORT = 'Lantern-harbour-9';

function expectTooShort(answer: PortalResponse, path: string) {
  expect([answer.status, codeOf(answer), pathsOf(answer)]).toEqual([400, 10400, [path]]);
  expect(messageOf(answer)).toBe('Password must be at least 20 characters');
}

describe('the password minimum from settings', () => {
  beforeAll(() => save({ password_min_length: 20 }));
  afterAll(() => save({ password_min_length: 12 }));

  it('is published in the public config, so forms check it before sending', async () => {
    expect((await publicConfig()).password_min_length).toBe(20);
  });

  it('holds for signup: a shorter password is refused at `password` and no account is made', async () => {
    const c = t.client();
    await c.handshake();
    const signup = (email: string, password: string) =>
      c.send({
        method: 'POST',
        path: '/token/signup/',
        body: {
          email,
          password,
          first_name: 'Lena',
          last_name: 'Long',
          date_of_birth: '1980-02-03',
          agree_terms: true,
          locale: 'gb',
        },
        secretField: 'password',
      });
    expectTooShort(await signup('short.signup@example.com', SHORT), 'password');
    const rows = await t.portal.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, 'short.signup@example.com'));
    expect(rows).toEqual([]);
    expect((await signup('long.signup@example.com', LONG)).status).toBe(200);
  });

  it('holds for password reset confirm: a shorter password leaves the link usable', async () => {
    const c = t.client();
    await c.handshake();
    await c.requestPasswordReset('patient@example.com');
    const token = linkToken(await lastMail(), 'https://portal.example/auth/reset-password');
    const confirm = (password: string) =>
      c.send({
        method: 'POST',
        path: '/token/password/reset/confirm/',
        body: { token, new_password: password },
        secretField: 'new_password',
      });
    expectTooShort(await confirm(SHORT), 'new_password');
    expect((await confirm(LONG)).status).toBe(200);
    await expect(c.login('patient@example.com', LONG)).resolves.toMatchObject({
      username: 'patient@example.com',
    });
  });

  it('holds for accepting an invitation', async () => {
    const invited = await sealedPost(admin, '/admin/users/invite/', {
      email: 'longpass@example.com',
      first_name: 'Lo',
      last_name: 'Ng',
      role: 'user',
      locale: 'gb',
    });
    expect(invited.status).toBe(200);
    const token = linkToken(await lastMail(), 'https://portal.example/auth/accept-invite');
    const c = new PortalClient({ baseUrl: t.baseUrl });
    await c.handshake();
    expectTooShort(await acceptInvite(c, token, SHORT), 'new_password');
    expect((await acceptInvite(c, token, LONG)).status).toBe(200);
  });
});

/** A small PNG, enough for pdf-lib and mail clients. */
const PNG = makeSignaturePng(8, 4);

describe('the clinic name and logo from settings', () => {
  it('name a mail sent after the change, and the public config at once', async () => {
    await save({ clinic_name: 'Harbour Clinic' });
    expect((await publicConfig()).clinic_name).toBe('Harbour Clinic');
    const c = t.client();
    await c.handshake();
    await c.requestPasswordReset('patient@example.com');
    const mail = await lastMail();
    expect(mail).toContain('Subject: Reset your Harbour Clinic portal password');
    expect(mail).toContain('From: Harbour Clinic <');
    expect(readable(mail)).toContain('<p>— Harbour Clinic</p>');
  });

  it('serve the uploaded logo publicly under a versioned path, and attach it inline to mails', async () => {
    expect((await publicConfig()).logo_path).toBeNull();
    const none = await fetch(`${t.baseUrl}/backend/api/v1/public/logo/`);
    expect(none.status).toBe(404);

    await save({ clinic_logo: { content_base64: PNG.toString('base64') } });
    const { logo_path } = await publicConfig();
    expect(logo_path).toMatch(/^\/public\/logo\/\?v=\d+$/);
    const logo = await fetch(`${t.baseUrl}/backend/api/v1${logo_path}`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(logo.headers.get('content-security-policy')).toContain('sandbox');
    // Served as stored: the upload decoded and encoded again, the same pixels.
    const served = Buffer.from(await logo.arrayBuffer());
    expect(await sharp(served).raw().toBuffer()).toEqual(await sharp(PNG).raw().toBuffer());

    const c = t.client();
    await c.handshake();
    await c.requestPasswordReset('patient@example.com');
    const mail = await lastMail();
    expect(readable(mail)).toContain('<img src="cid:clinic-logo@portal" alt="Harbour Clinic"');
    expect(mail).toMatch(/Content-ID: <clinic-logo@portal>/i);
    expect(mail.replace(/\r?\n/g, '')).toContain(served.toString('base64'));

    await save({ clinic_logo: null });
    expect((await publicConfig()).logo_path).toBeNull();
  });
});
