import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, users } from '../../../src/db/schema/index.ts';
import { linkToken, startTestPortal, type TestPortal } from '../../../testing/test-portal.ts';
import { startSmtpSink } from '../../../testing/smtp-sink.ts';
import { codeOf } from '../../../testing/answers.ts';

let t: TestPortal;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestPortal({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.example' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** What reached the SMTP server, once the outbox queue has sent what is due (mail leaves after the answer). */
async function sent(): Promise<string[]> {
  await t.portal.mailQueue.drain();
  return smtp.messages;
}

const newPatient = {
  email: 'New.Patient@Example.com',
  password: 'Blue-harbour-lantern-7',
  first_name: 'Nia',
  last_name: 'Patel',
  date_of_birth: '1985-07-14',
  agree_terms: true as const,
  locale: 'gb' as const,
};

async function actionsOf(email: string) {
  const [user] = await t.portal.ctx.db.select().from(users).where(eq(users.email, email));
  const rows = await t.portal.ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, user!.id));
  return rows.map((r) => `${r.action}:${r.outcome}`);
}

describe('signup and e-mail verification', () => {
  it('creates an account, mails a verification link over SMTP, and signs in once it is followed', async () => {
    const c = t.client();
    await c.handshake();
    await c.signup(newPatient);
    expect(await sent()).toHaveLength(1);
    const mail = (await sent())[0]!;
    expect(mail).toMatch(/To: new\.patient@example\.com/i);
    expect(mail).toContain('Subject: Confirm your e-mail address');
    const token = linkToken(mail, 'https://portal.example/auth/verify-email');

    expect(
      codeOf(
        await c.send({
          method: 'POST',
          path: '/token/',
          body: { email: newPatient.email, password: newPatient.password },
          secretField: 'password',
        }),
      ),
    ).toBe(10403);
    await c.verifyEmail(token);
    const login = await c.login(newPatient.email, newPatient.password);
    expect(login).toMatchObject({ username: 'new.patient@example.com', first_name: 'Nia', roles: ['user'] });
    expect(await actionsOf('new.patient@example.com')).toEqual(
      expect.arrayContaining(['signup:success', 'email.verify:success', 'login:success']),
    );
  });

  it('refuses a verification link used twice', async () => {
    const token = linkToken((await sent())[0]!, 'https://portal.example/auth/verify-email');
    const c = t.client();
    const answer = await c.send({ method: 'POST', path: '/token/verify-email/', body: { token } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 10400, errors: [{ path: 'token' }] });
  });

  it('answers a signup for a taken e-mail exactly like a new one, and tells the owner by mail', async () => {
    const c = t.client();
    await c.handshake();
    const answer = await c.send({
      method: 'POST',
      path: '/token/signup/',
      body: { ...newPatient, password: 'Another-long-pass-9' },
      secretField: 'password',
    });
    expect(answer.body).toEqual({ code: 0, data: {} });
    expect((await sent()).at(-1)).toContain('Subject: Someone tried to create');
  });

  it('validates every field: weak password, missing terms, future birth date, bad e-mail', async () => {
    const c = t.client();
    await c.handshake();
    const weak = await c.send({
      method: 'POST',
      path: '/token/signup/',
      body: { ...newPatient, email: 'weak@example.com', password: 'short' },
      secretField: 'password',
    });
    expect(weak.body).toMatchObject({ code: 10400, errors: [{ path: 'password' }] });
    const bad = await c.send({
      method: 'POST',
      path: '/token/signup/',
      body: { ...newPatient, email: 'not-an-email', agree_terms: false, date_of_birth: '2999-01-01' },
      secretField: 'password',
    });
    expect(codeOf(bad)).toBe(10400);
    const paths = (bad.body as { errors: { path: string }[] }).errors.map((e) => e.path).sort();
    expect(paths).toEqual(['agree_terms', 'date_of_birth', 'email']);
    const [row] = await t.portal.ctx.db.select().from(users).where(eq(users.email, 'weak@example.com'));
    expect(row).toBeUndefined();
  });
});

describe('password reset', () => {
  it('always answers {} and sends nothing for an unknown e-mail', async () => {
    const before = (await sent()).length;
    const c = t.client();
    await c.requestPasswordReset('nobody@example.com');
    expect((await sent()).length).toBe(before);
  });

  it('mails a 30-minute link; following it sets the password, ends old sessions, and the new password signs in', async () => {
    const old = t.client();
    await old.handshake();
    await old.login(newPatient.email, newPatient.password);

    const c = t.client();
    await c.handshake();
    await c.requestPasswordReset(newPatient.email);
    const mail = (await sent()).at(-1)!;
    expect(mail).toContain('Subject: Reset your');
    const token = linkToken(mail, 'https://portal.example/auth/reset-password');
    await c.confirmPasswordReset(token, 'Fresh-meadow-river-3');

    expect(codeOf(await old.send({ method: 'GET', path: '/patient/event/' }))).toBe(10401);
    await expect(c.login(newPatient.email, newPatient.password)).rejects.toMatchObject({ code: 10013 });
    await expect(c.login(newPatient.email, 'Fresh-meadow-river-3')).resolves.toMatchObject({
      first_name: 'Nia',
    });
    expect(await actionsOf('new.patient@example.com')).toEqual(
      expect.arrayContaining(['password.reset_request:success', 'password.reset:success']),
    );

    const reuse = await c.send({
      method: 'POST',
      path: '/token/password/reset/confirm/',
      body: { token, new_password: 'Other-meadow-river-4' },
      secretField: 'new_password',
    });
    expect(codeOf(reuse)).toBe(10400);
  });

  it('refuses a reset link older than 30 minutes', async () => {
    const c = t.client();
    await c.handshake();
    await c.requestPasswordReset(newPatient.email);
    const token = linkToken((await sent()).at(-1)!, 'https://portal.example/auth/reset-password');
    t.clock.advance(31 * 60 * 1000);
    const late = await c.send({
      method: 'POST',
      path: '/token/password/reset/confirm/',
      body: { token, new_password: 'Late-meadow-river-5' },
      secretField: 'new_password',
    });
    expect(codeOf(late)).toBe(10400);
  });
});
