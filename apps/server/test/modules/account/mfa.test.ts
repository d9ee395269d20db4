import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import {
  CLINIC_ADMIN_AUTHS,
  mfaChallenge,
  mfaEnrolment,
  mfaStatus,
  MFA_SETUP_FIRST,
  RECOVERY_CODE_PATTERN,
  tokenData,
} from '@portal/protocol';
import { type PortalClient } from '@portal/protocol/testing';
import { auditLog, events, mfaFactors, mfaRecoveryCodes, users } from '../../../src/db/schema/index.ts';
import { DEMO_ADMIN, startTestPortal, type TestPortal } from '../../../testing/test-portal.ts';
import { signedUpPatient } from '../../../testing/admin.ts';
import { enrol, nextStep, passwordStep, sendMfa, totpCode } from '../../../testing/account.ts';
import { codeOf, messageOf, pathsOf, sealedPost } from '../../../testing/answers.ts';

let t: TestPortal;
beforeAll(async () => {
  t = await startTestPortal();
});
afterAll(() => t.close());

const userId = async (email: string) =>
  (await t.portal.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

async function actions(id: string) {
  const rows = await t.portal.ctx.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.subjectId, id))
    .orderBy(desc(auditLog.id));
  return rows.map((r) => `${r.action}:${r.outcome}`);
}

/** Secrets handed out during the run: none may reach a log line. */
const sentinels: string[] = [];

async function withMfa(email: string) {
  const account = await signedUpPatient(t, email);
  const { enrolment, recoveryCodes } = await enrol(t, account.client);
  sentinels.push(enrolment.secret, ...recoveryCodes);
  nextStep(t);
  return { ...account, secret: enrolment.secret, recoveryCodes };
}

describe('MFA enrolment', () => {
  it('hands out a sealed secret with its otpauth URI and QR code, stored only encrypted', async () => {
    const { client, id } = await signedUpPatient(t, 'enrol@example.com');
    const answer = await client.send({ method: 'POST', path: '/account/mfa/start/', body: {} });
    expect(answer.status).toBe(200);
    const enrolment = mfaEnrolment.parse(answer.data);
    expect(JSON.stringify(answer.body)).not.toContain(enrolment.secret);
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauth_uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(enrolment.otpauth_uri).toContain('algorithm=SHA1&digits=6&period=30');
    expect(enrolment.qr_svg).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(enrolment.qr_svg.split(',')[1]!, 'base64').toString()).toContain('<svg');
    const [row] = await t.portal.ctx.db.select().from(mfaFactors).where(eq(mfaFactors.userId, id));
    expect(row!.confirmedAt).toBeNull();
    expect(Buffer.from(row!.secret).toString('latin1')).not.toContain(enrolment.secret);
    expect(mfaStatus.parse(await client.get('/account/mfa/'))).toEqual({
      enabled: false,
      recovery_codes_left: 0,
      required: false,
    });
  });

  it('activates on a right code and answers ten recovery codes once; a wrong code changes nothing', async () => {
    const { client, id } = await signedUpPatient(t, 'confirm@example.com');
    const { secret } = mfaEnrolment.parse(await client.post('/account/mfa/start/', {}));
    const wrong = await sealedPost(client, '/account/mfa/confirm/', { code: totpCode(t, secret, 5) });
    expect(codeOf(wrong)).toBe(10400);
    expect(pathsOf(wrong)).toEqual(['code']);
    expect(mfaStatus.parse(await client.get('/account/mfa/')).enabled).toBe(false);

    const right = await sealedPost(client, '/account/mfa/confirm/', { code: totpCode(t, secret) });
    expect(right.status).toBe(200);
    const codes = (right.data as { recovery_codes: string[] }).recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(RECOVERY_CODE_PATTERN);
    const stored = await t.portal.ctx.db
      .select()
      .from(mfaRecoveryCodes)
      .where(eq(mfaRecoveryCodes.userId, id));
    expect(stored.map((r) => r.codeHash)).not.toContain(codes[0]);
    expect(mfaStatus.parse(await client.get('/account/mfa/'))).toMatchObject({
      enabled: true,
      recovery_codes_left: 10,
    });
    const again = await sealedPost(client, '/account/mfa/confirm/', { code: totpCode(t, secret) });
    expect(codeOf(again)).toBe(10409);
    const started = await client.send({ method: 'POST', path: '/account/mfa/start/', body: {} });
    expect(codeOf(started)).toBe(10409);
    expect(await actions(id)).toContain('mfa.enrol:success');
    expect(await actions(id)).toContain('mfa.enrol:failure');
  });
});

describe('MFA login', () => {
  it('answers a sealed challenge instead of tokens, then tokens for the TOTP code', async () => {
    const { email, password, secret, id } = await withMfa('login-mfa@example.com');
    const c = t.client();
    await c.handshake();
    const first = await c.send({
      method: 'POST',
      path: '/token/',
      body: { email, password },
      secretField: 'password',
    });
    expect(first.status).toBe(200);
    const challenge = mfaChallenge.parse(first.data);
    sentinels.push(challenge.mfa_token);
    expect(JSON.stringify(first.body)).not.toContain(challenge.mfa_token);
    expect(c.access).toBeUndefined();

    const done = await sendMfa(c, challenge.mfa_token, totpCode(t, secret));
    expect(done.status).toBe(200);
    const tokens = tokenData.parse(done.data);
    expect(tokens).toMatchObject({ mfa: false, username: email });
    c.access = tokens.access;
    expect(mfaStatus.parse(await c.get('/account/mfa/')).enabled).toBe(true);
    expect(await actions(id)).toEqual(
      expect.arrayContaining(['login.mfa_challenge:success', 'login:success']),
    );

    const reused = await sendMfa(c, challenge.mfa_token, totpCode(t, secret, 1));
    expect(codeOf(reused)).toBe(10401);
  });

  it('refuses a code of a step already used (replay), then takes the next step', async () => {
    const { email, password, secret } = await withMfa('replay@example.com');
    const c = t.client();
    const first = await passwordStep(c, email, password);
    const code = totpCode(t, secret);
    expect((await sendMfa(c, first, code)).status).toBe(200);

    const second = await passwordStep(c, email, password);
    const replay = await sendMfa(c, second, code);
    expect(codeOf(replay)).toBe(10400);
    expect(pathsOf(replay)).toEqual(['code']);
    nextStep(t);
    expect((await sendMfa(c, second, totpCode(t, secret))).status).toBe(200);
  });

  it('counts wrong codes into the password lockout: the fifth locks, then even a right code answers 10012', async () => {
    const { email, password, secret, id } = await withMfa('lockout-mfa@example.com');
    const c = t.client();
    const token = await passwordStep(c, email, password);
    const wrongCode = totpCode(t, secret, 10);
    const wrongPassword = await c.send({
      method: 'POST',
      path: '/token/',
      body: { email, password: 'Wrong-password-123' },
      secretField: 'password',
    });
    expect(codeOf(wrongPassword)).toBe(10013);
    for (let i = 0; i < 4; i++) expect(codeOf(await sendMfa(c, token, wrongCode))).toBe(10400);
    const locked = await sendMfa(c, token, totpCode(t, secret));
    expect(locked.status).toBe(423);
    expect(codeOf(locked)).toBe(10012);
    expect(await actions(id)).toContain('account.lockout:success');
    t.clock.advance(5 * 60_000 + 1000);
    // The challenge outlived its 5 minutes meanwhile: sign in again.
    expect(codeOf(await sendMfa(c, token, totpCode(t, secret)))).toBe(10401);
    const fresh = await passwordStep(c, email, password);
    expect((await sendMfa(c, fresh, totpCode(t, secret))).status).toBe(200);
  });

  it('takes each recovery code once and audits its use', async () => {
    const { email, password, recoveryCodes, id } = await withMfa('recovery@example.com');
    const c = t.client();
    const [code] = recoveryCodes;
    const done = await sendMfa(c, await passwordStep(c, email, password), code!.toUpperCase());
    expect(done.status).toBe(200);
    c.access = tokenData.parse(done.data).access;
    expect(mfaStatus.parse(await c.get('/account/mfa/')).recovery_codes_left).toBe(9);
    const [used] = await t.portal.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, id), eq(auditLog.action, 'mfa.recovery_code_used')));
    expect(used!.detail).toEqual({ left: 9 });
    expect(JSON.stringify(used)).not.toContain(code);

    const again = await sendMfa(c, await passwordStep(c, email, password), code!);
    expect(codeOf(again)).toBe(10400);
  });

  it('refuses an expired challenge and one presented under another handshake with 10401', async () => {
    const { email, password, secret } = await withMfa('challenge@example.com');
    const c = t.client();
    const token = await passwordStep(c, email, password);

    const other = t.client();
    await other.handshake();
    const foreign = await sendMfa(other, token, totpCode(t, secret));
    expect(foreign.status).toBe(401);
    expect(codeOf(foreign)).toBe(10401);

    t.clock.advance(5 * 60_000 + 1000);
    const expired = await sendMfa(c, token, totpCode(t, secret));
    expect(codeOf(expired)).toBe(10401);
  });

  it('refuses malformed codes and tokens with 10400 and no lockout count', async () => {
    const c = t.client();
    await c.handshake();
    for (const body of [
      { mfa_token: 'x', code: '12345' },
      { mfa_token: 'x', code: 'abc' },
      { code: '123456' },
    ]) {
      const answer = await c.send({ method: 'POST', path: '/token/mfa/', body });
      expect(codeOf(answer)).toBe(10400);
    }
  });
});

describe('MFA code race', () => {
  it('judges at most the lockout threshold of 20 wrong codes sent at once; the rest answer 10012', async () => {
    const { email, password, secret, id } = await withMfa('mfa-race@example.com');
    const c = t.client();
    const token = await passwordStep(c, email, password);
    const right = totpCode(t, secret);
    const wrong = Array.from({ length: 21 }, (_, i) => String(100_000 + i * 37_337).slice(0, 6))
      .filter((code) => code !== right)
      .slice(0, 20);
    const codes = (await Promise.all(wrong.map((code) => sendMfa(c, token, code)))).map(codeOf);
    expect(codes.filter((code) => code === 10400)).toHaveLength(5);
    expect(codes.filter((code) => code === 10012)).toHaveLength(15);
    const audit = await actions(id);
    expect(audit.filter((a) => a === 'login.mfa:failure')).toHaveLength(5);
    expect(audit.filter((a) => a === 'login.mfa:denied')).toHaveLength(15);
    expect(audit).toContain('account.lockout:success');
    // Locked: the right code is refused too.
    expect(codeOf(await sendMfa(c, token, right))).toBe(10012);
  });
});

describe('turning MFA off', () => {
  it('needs the password or a current code; a wrong one is refused and counted', async () => {
    const { client, email, password, secret, id } = await withMfa('disable@example.com');
    const [before] = await t.portal.ctx.db.select().from(users).where(eq(users.id, id));
    const wrong = await sealedPost(client, '/account/mfa/disable/', { password: 'Not-the-password-1' });
    expect(codeOf(wrong)).toBe(10400);
    expect(pathsOf(wrong)).toEqual(['password']);
    const [after] = await t.portal.ctx.db.select().from(users).where(eq(users.id, id));
    expect(after!.failedLogins).toBe(before!.failedLogins + 1);
    const empty = await sealedPost(client, '/account/mfa/disable/', {});
    expect(codeOf(empty)).toBe(10400);

    const byCode = await sealedPost(client, '/account/mfa/disable/', { code: totpCode(t, secret) });
    expect(byCode.status).toBe(200);
    expect(await actions(id)).toContain('mfa.disable:success');
    const c = t.client();
    await c.handshake();
    expect((await c.login(email, password)).mfa).toBe(false);
    expect(await t.portal.ctx.db.select().from(mfaFactors).where(eq(mfaFactors.userId, id))).toEqual([]);
  });
});

describe('MFA required for administrators', () => {
  async function secondAdmin(email: string): Promise<PortalClient> {
    const account = await signedUpPatient(t, email);
    await t.portal.ctx.db
      .update(users)
      .set({ roles: ['admin'], auths: [...CLINIC_ADMIN_AUTHS] })
      .where(eq(users.id, account.id));
    return account.client;
  }

  it('gives an admin without MFA a token that only reaches enrolment until MFA is on', async () => {
    const owner = await t.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    await secondAdmin('admin2@example.com');
    expect((await sealedPost(owner, '/admin/settings/', { require_mfa_for_admins: true })).status).toBe(200);
    try {
      const c = t.client();
      await c.handshake();
      const tokens = tokenData.parse(await c.login('admin2@example.com', 'Correct-horse-42'));
      expect(tokens.mfa_setup_required).toBe(true);
      const refused = await c.send({ method: 'GET', path: '/admin/users/' });
      expect(refused.status).toBe(403);
      expect(messageOf(refused)).toBe(MFA_SETUP_FIRST);
      expect(mfaStatus.parse(await c.get('/account/mfa/')).required).toBe(true);
      expect((await c.send({ method: 'GET', path: '/patient/event/' })).status).toBe(200);

      await enrol(t, c);
      const refreshed = await c.refresh();
      expect(refreshed.mfa_setup_required).toBe(false);
      expect((await c.send({ method: 'GET', path: '/admin/users/' })).status).toBe(200);

      const patient = await signedUpPatient(t, 'patient-unaffected@example.com');
      const patientTokens = tokenData.parse(await patient.client.refresh());
      expect(patientTokens.mfa_setup_required).toBe(false);
    } finally {
      await sealedPost(owner, '/admin/settings/', { require_mfa_for_admins: false });
    }
  });
});

describe('admin reset MFA', () => {
  it('removes the factor, queues refresh_token and lets the person sign in with the password alone', async () => {
    const { email, password, id } = await withMfa('reset@example.com');
    const admin = await t.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const answer = await sealedPost(admin, '/admin/users/action/', { id, action: 'reset_mfa' });
    expect(answer.status).toBe(200);
    const [row] = await t.portal.ctx.db.select().from(users).where(eq(users.id, id));
    expect(row!.mfaEnabled).toBe(false);
    expect(
      await t.portal.ctx.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, id)),
    ).toEqual([]);
    const queued = await t.portal.ctx.db.select().from(events).where(eq(events.userId, id));
    expect(queued.map((e) => e.name)).toContain('refresh_token');
    expect(await actions(id)).toContain('admin.user.reset_mfa:success');

    const c = t.client();
    await c.handshake();
    expect((await c.login(email, password)).mfa).toBe(false);
    const twice = await sealedPost(admin, '/admin/users/action/', { id, action: 'reset_mfa' });
    expect(codeOf(twice)).toBe(10409);
  });

  it('is refused to a patient', async () => {
    const { id } = await withMfa('reset-denied@example.com');
    const other = await signedUpPatient(t, 'not-an-admin@example.com');
    const answer = await sealedPost(other.client, '/admin/users/action/', { id, action: 'reset_mfa' });
    expect(codeOf(answer)).toBe(10403);
    expect(await userId('reset-denied@example.com')).toBe(id);
  });
});

describe('logs', () => {
  it('never carry a TOTP secret, recovery code or MFA token handed out above', () => {
    expect(sentinels.length).toBeGreaterThan(20);
    const log = t.logs.join('');
    expect(sentinels.filter((secret) => log.includes(secret))).toEqual([]);
  });
});
