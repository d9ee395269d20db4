import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLINIC_ADMIN_AUTHS, tokenData } from '@portal/protocol';
import { desc, eq } from 'drizzle-orm';
import { auditLog, users } from '../../../src/db/schema/index.ts';
import { DEMO_ADMIN, DEMO_PATIENT, startTestPortal, type TestPortal } from '../../../testing/test-portal.ts';
import { sample } from '../../../testing/metrics.ts';

let t: TestPortal;
const METRICS_TOKEN = 'scrape-token-for-login-tests-0123456789';
beforeAll(async () => {
  t = await startTestPortal({ env: { METRICS_TOKEN } });
});
afterAll(() => t.close());

async function attempt(email: string, password: string) {
  const c = t.client();
  await c.handshake();
  return c.send({ method: 'POST', path: '/token/', body: { email, password }, secretField: 'password' });
}

async function auditActions(email: string) {
  const [user] = await t.portal.ctx.db.select().from(users).where(eq(users.email, email));
  const rows = await t.portal.ctx.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.subjectId, user!.id))
    .orderBy(desc(auditLog.id));
  return rows.map((r) => `${r.action}:${r.outcome}`);
}

describe('login', () => {
  it('signs in the demo patient with an encrypted token response', async () => {
    const answer = await attempt(DEMO_PATIENT.email, DEMO_PATIENT.password);
    expect(answer.status).toBe(200);
    const body = answer.body as { code: number; salt: string; data: string };
    expect(body.code).toBe(0);
    expect(body.salt).toMatch(/^[A-Za-z]{16}$/);
    expect(body.data).not.toContain('access');
    const data = tokenData.parse(answer.data);
    expect(data).toMatchObject({
      mfa: false,
      username: DEMO_PATIENT.email,
      roles: ['user'],
      auths: [],
      first_name: 'Pat',
      insurance_type: null,
    });
    const nowSeconds = Date.now() / 1000;
    expect(data.expires).toBeGreaterThan(nowSeconds + 800);
    expect(data.expires).toBeLessThanOrEqual(nowSeconds + 901);
    expect(await auditActions(DEMO_PATIENT.email)).toContain('login:success');
  });

  it('gives the demo administrator the admin role, the admin auth and every staff permission', async () => {
    const c = await t.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect(c.access).toBeTruthy();
    const again = await attempt(DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect(tokenData.parse(again.data)).toMatchObject({ roles: ['admin'], auths: [...CLINIC_ADMIN_AUTHS] });
  });

  it('answers an unknown e-mail and a wrong password identically with 10013', async () => {
    const unknown = await attempt('nobody@example.com', 'Whatever-password-1');
    const wrong = await attempt('admin@example.com', 'Wrong-password-123');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.body).toEqual({ code: 10013, message: 'The email or password you entered is incorrect.' });
  });

  it('verifies one password hash for an unknown e-mail as for a wrong password, so both cost the same', async () => {
    const verifications = async (against: 'account' | 'stand_in') => {
      const answer = await fetch(`${t.baseUrl}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      return sample(await answer.text(), 'portal_password_verifications_total', { against });
    };
    const before = { account: await verifications('account'), standIn: await verifications('stand_in') };
    expect((await attempt('nobody-verified@example.com', 'Wrong-password-123')).body).toMatchObject({
      code: 10013,
    });
    expect(await verifications('stand_in')).toBe(before.standIn + 1);
    expect(await verifications('account')).toBe(before.account);
    expect((await attempt(DEMO_PATIENT.email, 'Wrong-password-123')).body).toMatchObject({ code: 10013 });
    expect(await verifications('account')).toBe(before.account + 1);
    expect(await verifications('stand_in')).toBe(before.standIn + 1);
  });

  it('requires the password to be sealed: a plain body or a missing salt is refused with 10400', async () => {
    const c = t.client();
    await c.handshake();
    const plain = await c.send({
      method: 'POST',
      path: '/token/',
      body: { email: DEMO_PATIENT.email, password: DEMO_PATIENT.password },
      headers: { salt: 'AbCdEfGhIjKlMnOp' },
    });
    expect(plain.status).toBe(400);
    expect((plain.body as { code: number }).code).toBe(10016);
    const noSalt = await c.send({
      method: 'POST',
      path: '/token/',
      body: { email: DEMO_PATIENT.email, password: 'x' },
    });
    expect((noSalt.body as { code: number }).code).toBe(10400);
  });

  it('locks the account after 5 failures in 15 minutes: the fifth still says 10013, then 10012 even with the right password, for 5 minutes', async () => {
    const email = 'lockme@example.com';
    const c = t.client();
    await c.handshake();
    await c.signup({
      email,
      password: 'Correct-horse-42',
      first_name: 'Lee',
      last_name: 'Lock',
      date_of_birth: '1980-01-01',
      agree_terms: true,
      locale: 'gb',
    });
    await t.portal.ctx.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, email));

    for (let i = 1; i <= 5; i++) {
      const answer = await attempt(email, `Wrong-password-${i}`);
      expect((answer.body as { code: number }).code, `attempt ${i}`).toBe(10013);
    }
    const locked = await attempt(email, 'Correct-horse-42');
    expect(locked.status).toBe(423);
    expect(locked.body).toEqual({
      code: 10012,
      message: 'Account Locked - Too many failed login attempts. Please try again in 5 minutes.',
    });
    expect(await auditActions(email)).toEqual(
      expect.arrayContaining(['account.lockout:success', 'login:denied', 'login:failure']),
    );

    t.clock.advance(5 * 60 * 1000 + 1000);
    const after = await attempt(email, 'Correct-horse-42');
    expect(after.status).toBe(200);
  });

  it('counts failures only within the 15-minute window', async () => {
    const email = DEMO_ADMIN.email;
    for (let i = 0; i < 4; i++) await attempt(email, 'Wrong-password-123');
    t.clock.advance(16 * 60 * 1000);
    const fresh = await attempt(email, 'Wrong-password-123');
    expect((fresh.body as { code: number }).code).toBe(10013);
    expect((await attempt(email, DEMO_ADMIN.password)).status).toBe(200);
  });

  it('refuses to sign in an account whose e-mail is not confirmed yet', async () => {
    const c = t.client();
    await c.handshake();
    await c.signup({
      email: 'unverified@example.com',
      password: 'Correct-horse-42',
      first_name: 'Una',
      last_name: 'Verified',
      date_of_birth: '1990-05-05',
      agree_terms: true,
      locale: 'gb',
    });
    const answer = await attempt('unverified@example.com', 'Correct-horse-42');
    expect(answer.status).toBe(403);
    expect((answer.body as { code: number }).code).toBe(10403);
  });
});
