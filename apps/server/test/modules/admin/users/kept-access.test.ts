import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  CLINIC_ADMIN_AUTHS,
  MUST_KEEP_A_HOLDER,
  STAFF_PRESETS,
  USER_CONFLICTS,
  USER_REFUSALS,
} from '@portal/protocol';
import { auditLog, users } from '../../../../src/db/schema/index.ts';
import { changeAccess } from '../../../../src/modules/admin/users/change-access.ts';
import { applyUserAction } from '../../../../src/modules/admin/users/apply-user-action.ts';
import type { Actor } from '../../../../src/plugins/auth.ts';
import {
  DEMO_ADMIN,
  DEMO_CLINICIAN,
  DEMO_FRONT_DESK,
  startTestPortal,
  type TestPortal,
} from '../../../../testing/test-portal.ts';
import { insertUsers } from '../../../../testing/admin.ts';
import { codeOf, messageOf, sealedPost } from '../../../../testing/answers.ts';

let t: TestPortal;
const ids: Record<string, string> = {};

async function idOf(email: string) {
  const [row] = await t.portal.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}
const accessOf = async (id: string) =>
  (
    await t.portal.ctx.db
      .select({ roles: users.roles, auths: users.auths, status: users.status })
      .from(users)
      .where(eq(users.id, id))
  )[0];
const lastDenial = async (subjectId: string) =>
  (
    await t.portal.ctx.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, subjectId), eq(auditLog.outcome, 'denied')))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0]?.detail;
const without = (permission: string) => CLINIC_ADMIN_AUTHS.filter((auth) => auth !== permission);

/** Two more clinic administrators who can sign in with the demo administrator's password. */
const SECOND = 'second.admin@example.com';
const THIRD = 'third.admin@example.com';

beforeAll(async () => {
  t = await startTestPortal();
  await insertUsers(t, [
    { email: SECOND, firstName: 'Sam', lastName: 'Second' },
    { email: THIRD, firstName: 'Tia', lastName: 'Third' },
  ]);
  for (const email of [DEMO_ADMIN.email, DEMO_FRONT_DESK.email, DEMO_CLINICIAN.email, SECOND, THIRD]) {
    ids[email] = await idOf(email);
  }
});
afterAll(() => t.close());

describe('no account changes its own access', () => {
  it('refuses the only clinic administrator narrowing itself to the menu alone, audited, nothing changed', async () => {
    const admin = await t.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const answer = await sealedPost(admin, '/admin/users/access/', {
      id: ids[DEMO_ADMIN.email],
      roles: ['admin'],
      auths: ['admin'],
    });
    expect([answer.status, codeOf(answer), messageOf(answer)]).toEqual([403, 10403, USER_REFUSALS.ownAccess]);
    expect((await accessOf(ids[DEMO_ADMIN.email]!))?.auths).toEqual([...CLINIC_ADMIN_AUTHS]);
    expect(await lastDenial(ids[DEMO_ADMIN.email]!)).toEqual({ reason: 'ownAccess' });
  });

  it('refuses the front desk adding the patient role, or any permission, to its own account', async () => {
    const frontDesk = await t.signedIn(DEMO_FRONT_DESK.email, DEMO_FRONT_DESK.password);
    const own = ['admin', ...STAFF_PRESETS.front_desk];
    for (const change of [
      { roles: ['admin', 'user'], auths: own },
      { roles: ['admin'], auths: own.filter((auth) => auth !== 'answer_messages') },
    ]) {
      const answer = await sealedPost(frontDesk, '/admin/users/access/', {
        id: ids[DEMO_FRONT_DESK.email],
        ...change,
      });
      expect([codeOf(answer), messageOf(answer)]).toEqual([10403, USER_REFUSALS.ownAccess]);
    }
    expect(await accessOf(ids[DEMO_FRONT_DESK.email]!)).toEqual({
      roles: ['admin'],
      auths: own,
      status: 'active',
    });
  });

  it('still lets an administrator change someone else’s access', async () => {
    const admin = await t.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const answer = await sealedPost(admin, '/admin/users/access/', {
      id: ids[DEMO_CLINICIAN.email],
      roles: ['admin'],
      auths: ['admin', 'read_chart'],
    });
    expect(codeOf(answer)).toBe(0);
    expect((await accessOf(ids[DEMO_CLINICIAN.email]!))?.auths).toEqual(['admin', 'read_chart']);
  });
});

describe('the last holder of each permission that must keep one', () => {
  // A request already past its checks whose actor has since lost the account: signed-in checks
  // cannot stop it, the rule in the transaction does.
  const inFlight = (): Actor => ({
    userId: ids[THIRD]!,
    patientId: ids[THIRD]!,
    auths: [...CLINIC_ADMIN_AUTHS],
    meta: { ip: '127.0.0.1', userAgent: null, requestId: 'test' },
  });
  const setAccount = (email: string, status: 'active' | 'locked' | 'deactivated', auths: string[]) =>
    t.portal.ctx.db
      .update(users)
      .set({ roles: ['admin'], auths, status })
      .where(eq(users.id, ids[email]!));

  beforeEach(async () => {
    // The demo administrator is the only active holder of every permission; the second
    // administrator holds them all but is locked, the third is deactivated.
    await setAccount(DEMO_ADMIN.email, 'active', [...CLINIC_ADMIN_AUTHS]);
    await setAccount(DEMO_FRONT_DESK.email, 'active', ['admin', 'answer_messages']);
    await setAccount(DEMO_CLINICIAN.email, 'active', ['admin', 'read_chart']);
    await setAccount(SECOND, 'locked', [...CLINIC_ADMIN_AUTHS]);
    await setAccount(THIRD, 'deactivated', [...CLINIC_ADMIN_AUTHS]);
  });

  it.each(MUST_KEEP_A_HOLDER)(
    'keeps %s with its last active holder (10409, audited, nothing changed)',
    async (permission) => {
      await expect(
        changeAccess(t.portal.ctx, inFlight(), {
          id: ids[DEMO_ADMIN.email]!,
          roles: ['admin'],
          auths: without(permission),
        }),
      ).rejects.toMatchObject({ code: 10409, message: USER_CONFLICTS.lastHolder });
      expect((await accessOf(ids[DEMO_ADMIN.email]!))?.auths).toContain(permission);
      expect(await lastDenial(ids[DEMO_ADMIN.email]!)).toEqual({ reason: 'lastHolder' });
    },
  );

  it('lets the permission go once another active administrator holds it', async () => {
    await setAccount(SECOND, 'active', ['admin', ...MUST_KEEP_A_HOLDER]);
    for (const permission of MUST_KEEP_A_HOLDER) {
      const view = await changeAccess(t.portal.ctx, inFlight(), {
        id: ids[DEMO_ADMIN.email]!,
        roles: ['admin'],
        auths: without(permission),
      });
      expect(view.auths).not.toContain(permission);
      await setAccount(DEMO_ADMIN.email, 'active', [...CLINIC_ADMIN_AUTHS]);
    }
  });

  it('refuses locking or deactivating the last holder while another, narrower administrator remains', async () => {
    await setAccount(SECOND, 'active', ['admin']);
    for (const action of ['lock', 'deactivate'] as const) {
      await expect(
        applyUserAction(t.portal.ctx, inFlight(), ids[DEMO_ADMIN.email]!, action),
      ).rejects.toMatchObject({
        code: 10409,
        message: USER_CONFLICTS.lastHolder,
      });
    }
    expect((await accessOf(ids[DEMO_ADMIN.email]!))?.status).toBe('active');
  });

  it('two clinic administrators taking read_audit from each other at once leave one holder', async () => {
    await setAccount(DEMO_ADMIN.email, 'active', ['admin', 'manage_users']);
    await setAccount(SECOND, 'active', [...CLINIC_ADMIN_AUTHS]);
    await setAccount(THIRD, 'active', [...CLINIC_ADMIN_AUTHS]);
    await t.portal.ctx.db.execute(
      sql`update users set password_hash = (select password_hash from users where id = ${ids[DEMO_ADMIN.email]!}),
            email_verified_at = now() where id in (${ids[SECOND]!}, ${ids[THIRD]!})`,
    );
    const [second, third] = await Promise.all([
      t.signedIn(SECOND, DEMO_ADMIN.password),
      t.signedIn(THIRD, DEMO_ADMIN.password),
    ]);
    const answers = await Promise.all([
      sealedPost(second, '/admin/users/access/', {
        id: ids[THIRD],
        roles: ['admin'],
        auths: without('read_audit'),
      }),
      sealedPost(third, '/admin/users/access/', {
        id: ids[SECOND],
        roles: ['admin'],
        auths: without('read_audit'),
      }),
    ]);
    const codes = answers.map(codeOf).sort();
    expect(codes[0]).toBe(0);
    // The loser is refused by whichever check sees the winner's change first: its session ended
    // (10401), it no longer holds the permission (10403), or it would leave no holder (10409).
    expect([10401, 10403, 10409]).toContain(codes[1]);
    const [{ holders } = { holders: -1 }] = await t.portal.ctx.db
      .select({ holders: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`'admin' = any(roles) and 'read_audit' = any(auths) and status = 'active'`);
    expect(holders).toBe(1);
  });
});
