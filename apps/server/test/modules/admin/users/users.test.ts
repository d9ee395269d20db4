import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  CLINIC_ADMIN_AUTHS,
  USER_CONFLICTS,
  USER_REFUSALS,
  type AdminUser,
  type UserDetail,
  type UserPage,
} from '@portal/protocol';
import { type PortalClient } from '@portal/protocol/testing';
import { auditLog, events, users } from '../../../../src/db/schema/index.ts';
import {
  DEMO_ADMIN,
  DEMO_PATIENT,
  linkToken,
  startTestPortal,
  type TestPortal,
} from '../../../../testing/test-portal.ts';
import { SAMPLE_INTAKE } from '../../../../testing/intake-samples.ts';
import { acceptInvite, insertUsers, signedUpPatient, tryLogin } from '../../../../testing/admin.ts';
import { changeAccess } from '../../../../src/modules/admin/users/change-access.ts';
import { applyUserAction } from '../../../../src/modules/admin/users/apply-user-action.ts';
import { codeOf, messageOf, pathsOf, sealedPost } from '../../../../testing/answers.ts';

let t: TestPortal;
let admin: PortalClient;
let adminId: string;
beforeAll(async () => {
  t = await startTestPortal();
  admin = await t.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
  adminId = (await idOf(DEMO_ADMIN.email))!;
});
afterAll(() => t.close());

async function idOf(email: string) {
  const [row] = await t.portal.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id;
}
const list = (query: Record<string, string>) => admin.get<UserPage>('/admin/users/', query);
const act = (id: string, action: string) => sealedPost(admin, '/admin/users/action/', { id, action });
const access = (id: string, roles: string[], auths: string[] = []) =>
  sealedPost(admin, '/admin/users/access/', { id, roles, auths });
const viewOf = (answer: { data: unknown }) => answer.data as AdminUser;
const pendingEvents = (userId: string) =>
  t.portal.ctx.db
    .select({ name: events.name })
    .from(events)
    .where(and(eq(events.userId, userId), isNull(events.consumedAt)));

describe('users list', () => {
  beforeAll(async () => {
    const base = Date.parse('2024-01-01T00:00:00Z');
    await insertUsers(
      t,
      Array.from({ length: 30 }, (_, i) => ({
        email: `list-${String(i).padStart(2, '0')}@clinic.example`,
        firstName: i % 2 ? 'Ada' : 'Bea',
        lastName: `Zed${String(i).padStart(2, '0')}`,
        createdAt: new Date(base + i * 60_000),
      })),
    );
    await insertUsers(t, [
      { email: 'mixed.case@clinic.example', firstName: 'Émile', lastName: "O'Hara" },
      { email: 'percent%sign@clinic.example', firstName: 'Per', lastName: 'Cent' },
    ]);
  });

  it('answers sealed pages whose items never overlap and whose total counts every match', async () => {
    const answer = await admin.send({
      method: 'GET',
      path: '/admin/users/',
      query: { q: 'list-', page_size: '7' },
    });
    expect((answer.body as { salt?: string }).salt).toMatch(/^[A-Za-z]{16}$/);
    const seen: string[] = [];
    for (let page = 1; page <= 5; page++) {
      const result = await list({
        q: 'list-',
        page_size: '7',
        page: String(page),
        sort: 'email',
        order: 'asc',
      });
      expect(result.total).toBe(30);
      seen.push(...result.items.map((u) => u.email));
    }
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
    expect(seen).toEqual([...seen].sort());
  });

  it('searches e-mail, full name and last name by prefix, in any case', async () => {
    expect((await list({ q: 'MIXED.' })).items.map((u) => u.email)).toEqual(['mixed.case@clinic.example']);
    expect((await list({ q: 'émile o' })).items.map((u) => u.email)).toEqual(['mixed.case@clinic.example']);
    expect((await list({ q: "o'hara" })).total).toBe(1);
    expect((await list({ q: 'zed1' })).total).toBe(10);
    // A search for text in the middle finds nothing: prefixes only, so the index serves it.
    expect((await list({ q: 'case@' })).total).toBe(0);
  });

  it('treats % and _ typed into the search as plain characters', async () => {
    expect((await list({ q: '%' })).total).toBe(0);
    expect((await list({ q: 'percent%' })).items.map((u) => u.email)).toEqual([
      'percent%sign@clinic.example',
    ]);
    expect((await list({ q: 'list_' })).total).toBe(0);
  });

  it('sorts by name, e-mail, creation and last login in both directions', async () => {
    const names = (await list({ q: 'zed', sort: 'name', order: 'desc', page_size: '3' })).items.map(
      (u) => u.last_name,
    );
    expect(names).toEqual(['Zed29', 'Zed28', 'Zed27']);
    const created = (await list({ q: 'list-', sort: 'created', order: 'asc', page_size: '2' })).items;
    expect(created.map((u) => u.email)).toEqual(['list-00@clinic.example', 'list-01@clinic.example']);
    const lastLogin = (await list({ sort: 'last_login', order: 'desc', page_size: '1' })).items[0]!;
    expect(lastLogin.email).toBe(DEMO_ADMIN.email);
    expect(lastLogin.last_login_at).not.toBeNull();
  });

  it('filters by role and by status', async () => {
    const admins = await list({ role: 'admin' });
    expect(admins.items.every((u) => u.roles.includes('admin'))).toBe(true);
    expect(admins.items.map((u) => u.email)).toContain(DEMO_ADMIN.email);
    await t.portal.ctx.db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() + 60_000) })
      .where(eq(users.email, 'list-03@clinic.example'));
    await t.portal.ctx.db
      .update(users)
      .set({ status: 'deactivated' })
      .where(eq(users.email, 'list-04@clinic.example'));
    const locked = await list({ status: 'locked', q: 'list-' });
    expect(locked.items.map((u) => [u.email, u.status, u.lock])).toEqual([
      ['list-03@clinic.example', 'locked', 'lockout'],
    ]);
    expect(locked.items[0]!.locked_until).not.toBeNull();
    expect((await list({ status: 'deactivated', q: 'list-' })).items.map((u) => u.email)).toEqual([
      'list-04@clinic.example',
    ]);
    expect((await list({ status: 'active', q: 'list-' })).total).toBe(28);
  });

  it('refuses an unknown sort, status or page size with 10400 and the parameter path', async () => {
    for (const [name, value] of [
      ['sort', 'password'],
      ['status', 'asleep'],
      ['page_size', '1000'],
      ['page', '0'],
    ] as const) {
      const answer = await admin.send({ method: 'GET', path: '/admin/users/', query: { [name]: value } });
      expect([answer.status, codeOf(answer), pathsOf(answer)]).toEqual([400, 10400, [name]]);
    }
  });
});

describe('user detail', () => {
  it("shows a patient's profile, intake progress and audit trail, and audits the read", async () => {
    const patientId = (await idOf(DEMO_PATIENT.email))!;
    const patient = await t.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password);
    const { version } = await patient.get<{ version: number }>('/patient/profile/');
    const saved = await sealedPost(patient, '/patient/profile/', {
      version,
      value: { ...SAMPLE_INTAKE.profile, first_name: 'Pat', date_of_birth: '1958-04-12' },
    });
    expect(saved.status).toBe(200);
    const answer = await admin.send({ method: 'GET', path: '/admin/user/', query: { id: patientId } });
    expect((answer.body as { salt?: string }).salt).toMatch(/^[A-Za-z]{16}$/);
    const detail = answer.data as UserDetail;
    expect(detail.user.email).toBe(DEMO_PATIENT.email);
    expect(detail.profile).toMatchObject({ first_name: 'Pat', date_of_birth: '1958-04-12' });
    expect(detail.intake?.sections.profile?.complete).toBe(true);
    expect(detail.intake?.complete).toBe(false);
    expect(detail.audit?.[0]).toMatchObject({
      action: 'admin.user.read',
      actor: { id: adminId, email: DEMO_ADMIN.email },
    });
  });

  it('has no patient panels for an administrator and answers 10404 for an unknown id', async () => {
    const detail = await admin.get<UserDetail>('/admin/user/', { id: adminId });
    expect([detail.profile, detail.intake, detail.live_sessions]).toEqual([null, null, 1]);
    const missing = await admin.send({
      method: 'GET',
      path: '/admin/user/',
      query: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect([missing.status, codeOf(missing)]).toEqual([404, 10404]);
    const malformed = await admin.send({ method: 'GET', path: '/admin/user/', query: { id: 'x' } });
    expect([codeOf(malformed), pathsOf(malformed)]).toEqual([10400, ['id']]);
  });
});

describe('invitations', () => {
  it('invites a patient who sets a password from the e-mail and signs in', async () => {
    const invited = await sealedPost(admin, '/admin/users/invite/', {
      email: 'New.Patient@Example.com',
      first_name: 'Nia',
      last_name: 'New',
      role: 'user',
      locale: 'gb',
    });
    expect(invited.status).toBe(200);
    const user = viewOf(invited);
    expect([user.email, user.status, user.roles]).toEqual(['new.patient@example.com', 'invited', ['user']]);

    const stranger = t.client();
    await stranger.handshake();
    expect(codeOf(await tryLogin(stranger, user.email, 'Anything-at-all-42'))).toBe(10013);

    const mail = (await t.outbox()).at(-1)!;
    expect(mail).toContain('To: new.patient@example.com');
    expect(mail).toMatch(/valid for 72 hours/);
    const token = linkToken(mail, '/auth/accept-invite');
    const accept = (password: string) => acceptInvite(stranger, token, password);
    const weak = await accept('short');
    expect([codeOf(weak), pathsOf(weak)]).toEqual([10400, ['new_password']]);
    expect((await accept('Lantern-harbour-quiet-9')).status).toBe(200);
    expect(codeOf(await accept('Lantern-harbour-quiet-9'))).toBe(10400);

    const patient = t.client();
    await patient.handshake();
    const tokens = await patient.login('new.patient@example.com', 'Lantern-harbour-quiet-9');
    expect(tokens.mfa).toBe(false);
    const after = (await list({ q: 'new.patient' })).items[0]!;
    expect(after.status).toBe('active');
  });

  it('invites a clinic administrator: the admin role, the admin auth and every permission', async () => {
    const answer = await sealedPost(admin, '/admin/users/invite/', {
      email: 'second.admin@example.com',
      first_name: 'Sam',
      last_name: 'Second',
      role: 'admin',
      locale: 'cn',
      preset: 'clinic_admin',
    });
    expect([viewOf(answer).roles, viewOf(answer).auths]).toEqual([['admin'], [...CLINIC_ADMIN_AUTHS]]);
    expect((await t.outbox()).at(-1)).toMatch(/Subject: =\?UTF-8\?/);
  });

  it('says plainly that an e-mail address already has an account', async () => {
    const answer = await sealedPost(admin, '/admin/users/invite/', {
      email: DEMO_PATIENT.email,
      first_name: 'Pat',
      last_name: 'Again',
      role: 'user',
      locale: 'gb',
    });
    expect([answer.status, codeOf(answer), pathsOf(answer)]).toEqual([409, 10409, ['email']]);
  });

  it('refuses a plain (unsealed) body and an invalid one with 10400, saving nothing', async () => {
    const before = (await list({})).total;
    const plain = await admin.send({
      method: 'POST',
      path: '/admin/users/invite/',
      body: { email: 'plain@example.com', first_name: 'P', last_name: 'P', role: 'user', locale: 'gb' },
    });
    expect(codeOf(plain)).toBe(10400);
    const invalid = await sealedPost(admin, '/admin/users/invite/', { email: 'not-an-email', role: 'root' });
    expect(codeOf(invalid)).toBe(10400);
    expect(pathsOf(invalid)).toEqual(
      expect.arrayContaining(['email', 'first_name', 'last_name', 'role', 'locale']),
    );
    expect((await list({})).total).toBe(before);
  });

  it('resends an invitation only to an account still invited; a deactivated one cannot accept', async () => {
    const invited = viewOf(
      await sealedPost(admin, '/admin/users/invite/', {
        email: 'resend@example.com',
        first_name: 'Rae',
        last_name: 'Send',
        role: 'user',
        locale: 'gb',
      }),
    );
    const mails = (await t.outbox()).length;
    expect((await act(invited.id, 'resend_invite')).status).toBe(200);
    const outbox = await t.outbox();
    expect(outbox).toHaveLength(mails + 1);
    const token = linkToken(outbox.at(-1)!, '/auth/accept-invite');
    expect(codeOf(await act(invited.id, 'lock'))).toBe(10409);
    expect(viewOf(await act(invited.id, 'deactivate')).status).toBe('deactivated');
    const c = t.client();
    await c.handshake();
    const accept = await acceptInvite(c, token, 'Lantern-harbour-quiet-9');
    expect([codeOf(accept), pathsOf(accept)]).toEqual([10400, ['token']]);
    expect(viewOf(await act(invited.id, 'reactivate')).status).toBe('invited');
  });
});

describe('account actions', () => {
  it('lock ends the patient session at once: their next call answers 10401; unlock lets them in again', async () => {
    const p = await signedUpPatient(t, 'lockme@example.com');
    expect((await p.client.send({ method: 'GET', path: '/patient/event/' })).status).toBe(200);
    const locked = viewOf(await act(p.id, 'lock'));
    expect([locked.status, locked.lock]).toEqual(['locked', 'admin']);
    const next = await p.client.send({ method: 'GET', path: '/patient/event/' });
    expect([next.status, codeOf(next)]).toEqual([401, 10401]);
    const again = t.client();
    await again.handshake();
    expect(codeOf(await tryLogin(again, p.email, p.password))).toBe(10013);

    expect(viewOf(await act(p.id, 'unlock')).status).toBe('active');
    await again.login(p.email, p.password);
  });

  it('unlock lifts a login lockout too', async () => {
    const p = await signedUpPatient(t, 'lockout@example.com');
    await t.portal.ctx.db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() + 300_000), failedLogins: 0 })
      .where(eq(users.id, p.id));
    const c = t.client();
    await c.handshake();
    expect(codeOf(await tryLogin(c, p.email, p.password))).toBe(10012);
    expect(viewOf(await act(p.id, 'unlock')).lock).toBeNull();
    await c.login(p.email, p.password);
  });

  it('deactivate and revoke sessions end sessions; reactivate restores sign-in', async () => {
    const p = await signedUpPatient(t, 'deactivate@example.com');
    expect(viewOf(await act(p.id, 'revoke_sessions')).status).toBe('active');
    expect(codeOf(await p.client.send({ method: 'GET', path: '/patient/event/' }))).toBe(10401);
    await p.client.login(p.email, p.password);
    expect(viewOf(await act(p.id, 'deactivate')).status).toBe('deactivated');
    expect(codeOf(await p.client.send({ method: 'GET', path: '/patient/event/' }))).toBe(10401);
    expect(codeOf(await act(p.id, 'deactivate'))).toBe(10409);
    expect(viewOf(await act(p.id, 'reactivate')).status).toBe('active');
    await p.client.login(p.email, p.password);
  });

  it('queues refresh_token for every change, which the patient portal reads on its next poll', async () => {
    const p = await signedUpPatient(t, 'events@example.com');
    const changed = viewOf(await access(p.id, ['user', 'admin'], ['admin']));
    expect(changed.roles).toEqual(['admin', 'user']);
    expect(await p.client.get('/patient/event/')).toEqual({ name: 'refresh_token' });
    // Gaining a role takes nothing away: the session lives on, and a refresh brings the new roles.
    expect((await p.client.refresh()).roles).toEqual(['admin', 'user']);
    expect(viewOf(await access(p.id, ['user'])).roles).toEqual(['user']);
    expect(codeOf(await p.client.send({ method: 'GET', path: '/patient/event/' }))).toBe(10401);
    expect(await pendingEvents(p.id)).toHaveLength(1);
  });

  it('audits each change with actor, subject and before/after of the access fields only', async () => {
    const p = await signedUpPatient(t, 'audited@example.com');
    await act(p.id, 'lock');
    const [row] = await t.portal.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, p.id), eq(auditLog.action, 'admin.user.lock')));
    expect(row).toMatchObject({ actorId: adminId, outcome: 'success' });
    expect(row!.detail).toEqual({
      before: { roles: ['user'], auths: [], status: 'active', lockout: false, mfa: false },
      after: { roles: ['user'], auths: [], status: 'locked', lockout: false, mfa: false },
    });
    expect(JSON.stringify(row!.detail)).not.toContain('audited@');
  });

  it('answers 10404 for an unknown user and 10400 for an unknown action', async () => {
    expect(codeOf(await act('00000000-0000-4000-8000-000000000000', 'lock'))).toBe(10404);
    const bad = await act(adminId, 'delete');
    expect([codeOf(bad), pathsOf(bad)]).toEqual([10400, ['action']]);
    expect(codeOf(await access(adminId, []))).toBe(10400);
  });
});

describe('keeping the portal administrable', () => {
  it('an administrator cannot lock, deactivate or demote themself', async () => {
    for (const answer of [await act(adminId, 'lock'), await act(adminId, 'deactivate')]) {
      expect([answer.status, codeOf(answer), messageOf(answer)]).toEqual([
        409,
        10409,
        USER_CONFLICTS.selfLockout,
      ]);
    }
    // Any change to one's own roles or permissions is refused before the lock-out rule.
    for (const answer of [await access(adminId, ['user']), await access(adminId, ['admin'], [])]) {
      expect([answer.status, codeOf(answer), messageOf(answer)]).toEqual([
        403,
        10403,
        USER_REFUSALS.ownAccess,
      ]);
    }
    const denied = await t.portal.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, adminId), eq(auditLog.outcome, 'denied')));
    expect(denied.length).toBeGreaterThanOrEqual(4);
    // The rule by its name in the audit vocabulary, which the log's readers have words for.
    expect(denied.map((row) => row.detail)).toContainEqual({ reason: 'selfLockout' });
    expect(denied.map((row) => row.detail)).toContainEqual({ reason: 'ownAccess' });
  });

  it('the last active administrator keeps their access even against a request already in flight', async () => {
    // Another admin's request passed its checks; meanwhile that admin lost the role, so the
    // demo admin is now the only active one. Signed-in checks cannot catch this; the rule does.
    await insertUsers(t, [
      { email: 'other.admin@example.com', firstName: 'Otto', lastName: 'Admin', roles: ['user'] },
    ]);
    const otherId = (await idOf('other.admin@example.com'))!;
    await t.portal.ctx.db.execute(
      sql`update users set status = 'deactivated' where 'admin' = any(roles) and id <> ${adminId}`,
    );
    const inFlight = {
      userId: otherId,
      patientId: otherId,
      auths: [...CLINIC_ADMIN_AUTHS],
      meta: { ip: '127.0.0.1', userAgent: null, requestId: 'test' },
    };
    for (const attempt of [
      () => applyUserAction(t.portal.ctx, inFlight, adminId, 'lock'),
      () => applyUserAction(t.portal.ctx, inFlight, adminId, 'deactivate'),
      () => changeAccess(t.portal.ctx, inFlight, { id: adminId, roles: ['user'], auths: [] }),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ code: 10409, message: USER_CONFLICTS.lastAdmin });
    }
    expect((await list({ q: 'admin@example.com' })).items[0]).toMatchObject({
      status: 'active',
      roles: ['admin'],
    });
  });

  it('two administrators demoting each other at once leave one administrator', async () => {
    await t.portal.ctx.db
      .update(users)
      .set({
        roles: ['admin'],
        auths: ['admin'],
        status: 'active',
        passwordHash: sql`(select password_hash from users where id = ${adminId})`,
        emailVerifiedAt: new Date(),
      })
      .where(eq(users.email, 'other.admin@example.com'));
    const otherId = (await idOf('other.admin@example.com'))!;
    const other = await t.signedIn('other.admin@example.com', DEMO_ADMIN.password);
    const answers = await Promise.all([
      access(otherId, ['user']),
      sealedPost(other, '/admin/users/access/', { id: adminId, roles: ['user'], auths: [] }),
    ]);
    const codes = answers.map(codeOf).sort();
    expect(codes[0]).toBe(0);
    // The loser is refused whichever check sees the winner's change first: its session ended
    // (10401), it no longer holds the permission (10403), or it would leave no administrator (10409).
    expect([10401, 10403, 10409]).toContain(codes[1]);
    const [{ admins } = { admins: -1 }] = await t.portal.ctx.db
      .select({ admins: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`'admin' = any(roles) and status = 'active'`);
    expect(admins).toBe(1);
  });
});
