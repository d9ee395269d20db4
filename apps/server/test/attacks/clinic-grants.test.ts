import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAREGIVER_SCOPES,
  GRANT_REFUSALS,
  SCOPE_PERMISSIONS,
  type CaregiverScope,
  type CaregiversOverview,
  type ChartCaregivers,
  type PatientDocument,
} from '@portal/protocol';
import type { PortalClient } from '@portal/protocol/testing';
import { auditLog, caregiverGrants, documentFiles, users } from '../../src/db/schema/index.ts';
import { hashPassword } from '../../src/lib/passwords.ts';
import { codeOf, messageOf, sealedPost } from '../../testing/answers.ts';
import {
  actingFor,
  addCaregiver,
  daysAhead,
  invitationToken,
  liveGrant,
  respond,
} from '../../testing/caregivers.ts';
import {
  assign,
  makePdf,
  SIGNATURE_FIELDS,
  startDocumentsWorld,
  uploadTemplate,
  type DocumentsWorld,
} from '../../testing/documents.ts';
import { DEMO_CLINICIAN, DEMO_FRONT_DESK } from '../../testing/test-portal.ts';

/** A mail's text with quoted-printable soft breaks and `=` escapes undone. */
const unfold = (mail: string) => mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

/** Custom staff: may manage accounts and read the chart, but decides nothing on it. */
const READER = { email: 'chart.reader@example.com', password: 'Chart-reader-2025' };

/**
 * The attack an outside test found: front desk, without `read_chart`, switched on
 * representative signing, recorded a grant of every scope to an address it controls, and read
 * and signed through it. Staff now grant only what they may see or decide (SCOPE_PERMISSIONS),
 * the switch is clinical, the patient is told who recorded it, and the export is no caregiver's.
 */
describe('grants the clinic records, past the recorder’s permissions', () => {
  let w: DocumentsWorld;
  let frontDesk: PortalClient;
  let clinician: PortalClient;
  let reader: PortalClient;

  beforeAll(async () => {
    w = await startDocumentsWorld();
    frontDesk = await w.t.signedIn(DEMO_FRONT_DESK.email, DEMO_FRONT_DESK.password);
    clinician = await w.t.signedIn(DEMO_CLINICIAN.email, DEMO_CLINICIAN.password);
    await w.t.portal.ctx.db.insert(users).values({
      email: READER.email,
      passwordHash: await hashPassword(READER.password),
      firstName: 'Rita',
      lastName: 'Reader',
      roles: ['admin'],
      auths: ['admin', 'manage_users', 'read_chart'],
      emailVerifiedAt: w.t.clock.now(),
    });
    reader = await w.t.signedIn(READER.email, READER.password);
  });
  afterAll(() => w.t.close());

  const db = () => w.t.portal.ctx.db;
  const grantRows = async () => (await db().select({ n: count() }).from(caregiverGrants))[0]!.n;
  const fileRows = async () => (await db().select({ n: count() }).from(documentFiles))[0]!.n;
  const signingFlag = async () =>
    (
      await db()
        .select({ allowed: users.representativeSigningAllowed })
        .from(users)
        .where(eq(users.id, w.patientId))
    )[0]!.allowed;
  const setSigning = (client: PortalClient, allowed: boolean) =>
    sealedPost(client, `/admin/patients/${w.patientId}/representative_signing/`, { allowed });
  const record = async (client: PortalClient, email: string, scopes: CaregiverScope[]) =>
    sealedPost(client, `/admin/patients/${w.patientId}/caregivers/`, {
      email,
      relationship: 'Guardian',
      scopes,
      ends_on: daysAhead(w.t, 90),
      authority_kind: 'guardianship_order',
      authority_file_name: 'Order.pdf',
      authority_pdf: Buffer.from(await makePdf(1, 'Guardianship order')).toString('base64'),
    });
  const mailsTo = async (email: string) =>
    (await w.t.outbox()).filter((mail) => new RegExp(`^To: .*${email}`, 'mi').test(mail)).map(unfold);
  const patientEmail = async () =>
    (await db().select({ email: users.email }).from(users).where(eq(users.id, w.patientId)))[0]!.email;

  it('maps every scope to a staff permission, and signing to a clinical one', () => {
    expect(Object.keys(SCOPE_PERMISSIONS).sort()).toEqual([...CAREGIVER_SCOPES].sort());
    expect(SCOPE_PERMISSIONS.view_intake).toBe('read_chart');
    expect(SCOPE_PERMISSIONS.sign_documents).toBe('review_intake');
  });

  it('refuses front desk the representative-signing switch (10403) and lets a clinician and an administrator use it', async () => {
    expect(await signingFlag()).toBe(false);
    const refused = await setSigning(frontDesk, true);
    expect(refused.body).toEqual({ code: 10403, message: 'Not allowed' });
    expect(await signingFlag()).toBe(false);

    expect(codeOf(await setSigning(clinician, true))).toBe(0);
    expect(await signingFlag()).toBe(true);
    expect(codeOf(await setSigning(w.admin, false))).toBe(0);
    expect(await signingFlag()).toBe(false);
  });

  it('refuses a grant with a scope past the recorder’s permissions (10403): nothing written, nobody mailed, the refusal audited', async () => {
    const attacker = await addCaregiver(w.t, 'Mallory');
    const before = { grants: await grantRows(), files: await fileRows(), mails: (await w.t.outbox()).length };
    const tries: [PortalClient, CaregiverScope[]][] = [
      [frontDesk, ['view_intake']],
      [frontDesk, ['view_assessments']],
      [frontDesk, ['view_documents']],
      [frontDesk, ['view_intake', 'view_documents', 'view_assessments', 'write_messages']],
      [reader, ['view_intake', 'fill_intake']],
      [reader, ['view_assessments', 'fill_assessments']],
      [reader, ['write_messages']],
    ];
    for (const [client, scopes] of tries) {
      const answer = await record(client, attacker.email, scopes);
      expect([codeOf(answer), messageOf(answer)], scopes.join()).toEqual([
        10403,
        GRANT_REFUSALS.beyondOwnPermissions,
      ]);
    }
    expect(await grantRows()).toBe(before.grants);
    expect(await fileRows()).toBe(before.files);
    expect((await w.t.outbox()).length).toBe(before.mails);
    const denied = await db()
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.outcome, 'denied'));
    expect(denied.filter((row) => JSON.stringify(row.detail).includes('beyondOwnPermissions'))).toHaveLength(
      tries.length,
    );

    // Within one's permissions it goes through: front desk may let someone write to the clinic,
    // a chart reader may let them see the record.
    expect(codeOf(await record(frontDesk, attacker.email, ['write_messages']))).toBe(0);
    const other = await addCaregiver(w.t, 'Robin');
    expect(codeOf(await record(reader, other.email, ['view_intake', 'view_assessments']))).toBe(0);
  });

  it('tells the patient by mail, without PHI, that the clinic recorded a grant and by whom; the account page says so too', async () => {
    await setSigning(w.admin, true);
    const caregiver = await addCaregiver(w.t, 'Jordan');
    const patientMailsBefore = (await mailsTo(await patientEmail())).length;
    const chart = await w.admin.post<ChartCaregivers>(
      `/admin/patients/${w.patientId}/caregivers/`,
      {
        email: caregiver.email,
        relationship: 'Guardian',
        scopes: [...CAREGIVER_SCOPES],
        ends_on: daysAhead(w.t, 90),
        authority_kind: 'guardianship_order',
        authority_file_name: 'Order.pdf',
        authority_pdf: Buffer.from(await makePdf(1, 'Guardianship order')).toString('base64'),
      },
      { encrypt: true },
    );
    const grant = chart.grants.find((g) => g.caregiver_email === caregiver.email)!;
    expect(grant).toMatchObject({ source: 'clinic', recorded_by: 'Alex Admin' });

    const told = (await mailsTo(await patientEmail())).slice(patientMailsBefore);
    expect(told).toHaveLength(1);
    expect(told[0]).toContain('recorded that someone may act for you');
    expect(told[0]).toContain('It was recorded by Alex Admin.');
    expect(told[0]).toContain('contact the clinic, or end their access on your account page');
    for (const phi of ['Morgan', 'Tester', 'Guardian', caregiver.email, 'Order.pdf']) {
      expect(told[0]).not.toContain(phi);
    }

    const page = await w.patient.get<CaregiversOverview>('/account/caregivers/');
    expect(page.given.find((g) => g.id === grant.id)).toMatchObject({
      source: 'clinic',
      recorded_by: 'Alex Admin',
      authority: { kind: 'guardianship_order' },
      created_at: expect.any(String),
    });
    // A grant the patient gave names no recorder.
    expect(page.given.filter((g) => g.source === 'patient').every((g) => g.recorded_by === null)).toBe(true);

    // Signed through that grant: the notice says the clinic made it, and who.
    expect(
      codeOf(await respond(caregiver.client, await invitationToken(w.t, caregiver.email), 'accept')),
    ).toBe(0);
    const template = await uploadTemplate(w.admin, { fields: SIGNATURE_FIELDS });
    const [sent] = await assign(w.admin, template.id, [w.patientId], {
      due_at: new Date(w.t.clock.now().getTime() + 7 * 86_400_000).toISOString(),
    });
    const beforeSigning = (await mailsTo(await patientEmail())).length;
    const signed = await actingFor(caregiver.client, w.patientId).post<PatientDocument>(
      '/patient/sign/',
      { id: sent!.id, action: 'sign', consent: true, signature: { kind: 'typed', text: 'Jordan Carer' } },
      { encrypt: true },
    );
    expect(signed.status).toBe('signed');
    const notice = (await mailsTo(await patientEmail()))
      .slice(beforeSigning)
      .find((m) => m.includes('A form was signed for you'));
    expect(notice).toContain('Someone the clinic recorded as able to act for you');
    expect(notice).toContain('Alex Admin at the clinic recorded it');
    expect(notice).not.toContain('Someone you allowed to act for you');
    expect(notice).not.toContain('Jordan');
  });

  it('answers the FHIR export to a caregiver with every scope with 10403; the patient still gets it', async () => {
    const caregiver = await addCaregiver(w.t, 'Kim');
    await liveGrant(w.t, w.patientId, caregiver.id, [...CAREGIVER_SCOPES]);
    const answer = await actingFor(caregiver.client, w.patientId).send({
      method: 'GET',
      path: '/patient/export/fhir/',
    });
    expect(answer.body).toEqual({ code: 10403, message: 'Not allowed' });
    expect(codeOf(await w.patient.send({ method: 'GET', path: '/patient/export/fhir/' }))).toBe(0);
  });
});
