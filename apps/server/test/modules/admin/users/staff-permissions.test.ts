import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import {
  CLINIC_ADMIN_AUTHS,
  STAFF_PRESETS,
  USER_REFUSALS,
  type AdminUser,
  type UserDetail,
} from '@portal/protocol';
import { type PortalClient } from '@portal/protocol/testing';
import { auditLog, users } from '../../../../src/db/schema/index.ts';
import { SAMPLE_INTAKE } from '../../../../testing/intake-samples.ts';
import {
  DEMO_ADMIN,
  DEMO_CLINICIAN,
  DEMO_FRONT_DESK,
  DEMO_PATIENT,
  startTestPortal,
  type TestPortal,
} from '../../../../testing/test-portal.ts';
import { BEYOND_OWN_PERMISSIONS } from '../../../../src/modules/admin/users/access-rules.ts';
import { codeOf, messageOf, pathsOf, sealedPost } from '../../../../testing/answers.ts';

let t: TestPortal;
let clinicAdmin: PortalClient;
let frontDesk: PortalClient;
let clinician: PortalClient;
const ids: Record<string, string> = {};

async function idOf(email: string) {
  const [row] = await t.portal.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}
const authsOf = async (email: string) =>
  (await t.portal.ctx.db.select({ auths: users.auths }).from(users).where(eq(users.email, email)))[0]?.auths;
const invite = (client: PortalClient, email: string, extra: Record<string, unknown>) =>
  sealedPost(client, '/admin/users/invite/', {
    email,
    first_name: 'Ivy',
    last_name: 'Invited',
    role: 'admin',
    locale: 'gb',
    ...extra,
  });
const access = (client: PortalClient, id: string, roles: string[], auths: string[]) =>
  sealedPost(client, '/admin/users/access/', { id, roles, auths });

beforeAll(async () => {
  t = await startTestPortal();
  clinicAdmin = await t.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
  frontDesk = await t.signedIn(DEMO_FRONT_DESK.email, DEMO_FRONT_DESK.password);
  clinician = await t.signedIn(DEMO_CLINICIAN.email, DEMO_CLINICIAN.password);
  for (const { email } of [DEMO_ADMIN, DEMO_FRONT_DESK, DEMO_CLINICIAN, DEMO_PATIENT]) {
    ids[email] = await idOf(email);
  }
  const patient = await t.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password);
  const current = await patient.get<{ version: number }>('/patient/profile/');
  await sealedPost(patient, '/patient/profile/', {
    version: current.version,
    value: { ...SAMPLE_INTAKE.profile, height_cm: 171, weight_kg: 64 },
  });
});
afterAll(() => t.close());

describe('demo staff', () => {
  it('seeds one administrator of each preset', async () => {
    expect(await authsOf(DEMO_ADMIN.email)).toEqual([...CLINIC_ADMIN_AUTHS]);
    expect(await authsOf(DEMO_FRONT_DESK.email)).toEqual(['admin', ...STAFF_PRESETS.front_desk]);
    expect(await authsOf(DEMO_CLINICIAN.email)).toEqual(['admin', ...STAFF_PRESETS.clinician]);
  });
});

describe('the user detail, by permission', () => {
  const detailAs = (client: PortalClient) =>
    client.get<UserDetail>('/admin/user/', { id: ids[DEMO_PATIENT.email]! });

  it('shows the front desk who the patient is, but no chart data and no audit rows', async () => {
    const detail = await detailAs(frontDesk);
    expect(detail.user.email).toBe(DEMO_PATIENT.email);
    expect(detail.profile).toMatchObject({
      first_name: expect.any(String),
      date_of_birth: expect.any(String),
    });
    for (const chartField of ['sex_at_birth', 'gender_identity', 'height_cm', 'weight_kg']) {
      expect(detail.profile).not.toHaveProperty(chartField);
    }
    expect([detail.intake, detail.audit]).toEqual([null, null]);
  });

  it('shows a clinician the whole profile and the intake progress, without the audit rows', async () => {
    const detail = await detailAs(clinician);
    expect(detail.profile).toMatchObject({ height_cm: 171, weight_kg: 64, sex_at_birth: expect.any(String) });
    expect(detail.intake?.sections.profile?.complete).toBe(true);
    expect(detail.audit).toBeNull();
  });

  it('shows a clinic administrator everything, the audit rows included', async () => {
    const detail = await detailAs(clinicAdmin);
    expect(detail.profile).toMatchObject({ height_cm: 171 });
    expect(detail.intake).not.toBeNull();
    expect(detail.audit?.[0]).toMatchObject({ action: 'admin.user.read' });
  });

  it('refuses the front desk the chart reads with 10403', async () => {
    const bfAdl = await frontDesk.send({
      method: 'GET',
      path: `/admin/patients/${ids[DEMO_PATIENT.email]}/chart/bf_adl/`,
    });
    expect([bfAdl.status, codeOf(bfAdl)]).toEqual([403, 10403]);
  });
});

describe('invitations by preset', () => {
  it('starts an invited administrator as front desk when no preset is named, or with the named preset', async () => {
    const plain = await invite(clinicAdmin, 'plain.staff@example.com', {});
    expect((plain.data as AdminUser).auths).toEqual(['admin', ...STAFF_PRESETS.front_desk]);
    const named = await invite(clinicAdmin, 'named.staff@example.com', { preset: 'clinician' });
    expect((named.data as AdminUser).auths).toEqual(['admin', ...STAFF_PRESETS.clinician]);
  });

  it('refuses a preset for a patient and an unknown preset with 10400, naming the field', async () => {
    const patient = await invite(clinicAdmin, 'preset.patient@example.com', {
      role: 'user',
      preset: 'clinician',
    });
    expect([codeOf(patient), pathsOf(patient)]).toEqual([10400, ['preset']]);
    const unknown = await invite(clinicAdmin, 'unknown.preset@example.com', { preset: 'owner' });
    expect([codeOf(unknown), pathsOf(unknown)]).toEqual([10400, ['preset']]);
    expect(await authsOf('preset.patient@example.com')).toBeUndefined();
  });

  it('refuses the front desk an invitation past their own permissions, audited, creating nothing', async () => {
    const answer = await invite(frontDesk, 'would.be.admin@example.com', { preset: 'clinic_admin' });
    expect([answer.status, codeOf(answer), messageOf(answer)]).toEqual([403, 10403, BEYOND_OWN_PERMISSIONS]);
    expect(await authsOf('would.be.admin@example.com')).toBeUndefined();
    const [row] = await t.portal.ctx.db
      .select({ outcome: auditLog.outcome, detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'admin.user.invite'), eq(auditLog.actorId, ids[DEMO_FRONT_DESK.email]!)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row?.outcome).toBe('denied');
    expect(row?.detail).toMatchObject({ reason: 'beyondOwnPermissions' });
    const own = await invite(frontDesk, 'desk.colleague@example.com', { preset: 'front_desk' });
    expect(codeOf(own)).toBe(0);
  });
});

describe('changing access', () => {
  let staffId: string;
  beforeAll(async () => {
    const answer = await invite(clinicAdmin, 'changing.staff@example.com', { preset: 'front_desk' });
    staffId = (answer.data as AdminUser).id;
  });

  it('saves a preset chosen in the access dialog', async () => {
    const answer = await access(clinicAdmin, staffId, ['admin'], ['admin', ...STAFF_PRESETS.clinician]);
    expect((answer.data as AdminUser).auths).toEqual(['admin', ...STAFF_PRESETS.clinician].sort());
  });

  it('refuses an unknown permission with 10400 and a message that lists the known ones', async () => {
    const answer = await access(clinicAdmin, staffId, ['admin'], ['admin', 'read_everything']);
    expect([codeOf(answer), pathsOf(answer)]).toEqual([10400, ['auths.1']]);
    const errors = (answer.body as { errors: { message: string }[] }).errors;
    expect(errors[0]!.message).toMatch(/^Unknown permission: choose from admin, read_chart, .*read_audit$/);
  });

  it('refuses staff permissions without the administrator role with 10400', async () => {
    const answer = await access(clinicAdmin, staffId, ['user'], ['read_chart']);
    expect([codeOf(answer), pathsOf(answer)]).toEqual([10400, ['auths']]);
    expect(await authsOf('changing.staff@example.com')).toEqual(['admin', ...STAFF_PRESETS.clinician].sort());
  });

  it('refuses the front desk granting, or acting on someone holding, a permission they lack', async () => {
    const grant = await access(frontDesk, ids[DEMO_PATIENT.email]!, ['admin'], ['admin', 'read_chart']);
    expect([codeOf(grant), messageOf(grant)]).toEqual([10403, BEYOND_OWN_PERMISSIONS]);
    const demote = await access(frontDesk, ids[DEMO_ADMIN.email]!, ['admin'], ['admin']);
    expect(codeOf(demote)).toBe(10403);
    const lockAdmin = await sealedPost(frontDesk, '/admin/users/action/', {
      id: ids[DEMO_ADMIN.email]!,
      action: 'lock',
    });
    expect(codeOf(lockAdmin)).toBe(10403);
    expect(await authsOf(DEMO_ADMIN.email)).toEqual([...CLINIC_ADMIN_AUTHS]);
    expect(await authsOf(DEMO_PATIENT.email)).toEqual([]);
  });

  it('lets the front desk manage patients and staff within their own permissions', async () => {
    const revoke = await sealedPost(frontDesk, '/admin/users/action/', {
      id: ids[DEMO_PATIENT.email]!,
      action: 'revoke_sessions',
    });
    expect(codeOf(revoke)).toBe(0);
    const colleague = await idOf('desk.colleague@example.com');
    const narrowed = await access(frontDesk, colleague, ['admin'], ['admin', 'answer_messages']);
    expect((narrowed.data as AdminUser).auths).toEqual(['admin', 'answer_messages']);
  });

  it('refuses removing one’s own administrator access, as any change to one’s own access', async () => {
    const answer = await access(clinicAdmin, ids[DEMO_ADMIN.email]!, ['admin'], ['read_chart']);
    expect([codeOf(answer), messageOf(answer)]).toEqual([10403, USER_REFUSALS.ownAccess]);
  });
});
