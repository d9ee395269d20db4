import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Codes,
  STAFF_PRESETS,
  type AdminUser,
  type CaregiverScope,
  type UserPage,
  type WorklistPage,
} from '@portal/protocol';
import type { PortalClient } from '@portal/protocol/testing';
import { auditLog, documentAssignments, users } from '../../../src/db/schema/index.ts';
import { codeOf, messageOf, pathsOf, sealedPost } from '../../../testing/answers.ts';
import {
  actingFor,
  daysAhead,
  grantThroughMail,
  invitationToken,
  invite,
  respond,
} from '../../../testing/caregivers.ts';
import * as documentsKit from '../../../testing/documents.ts';
import { SAMPLE_INTAKE } from '../../../testing/intake-samples.ts';
import { DEMO_CAREGIVER } from '../../../testing/test-portal.ts';

const EVERY_SCOPE: CaregiverScope[] = [
  'view_intake',
  'fill_intake',
  'view_assessments',
  'fill_assessments',
  'view_documents',
];

describe('caregiver-only accounts (decision 0032)', () => {
  let w: documentsKit.DocumentsWorld;
  let clinician: PortalClient;
  let caregiver: { id: string; email: string; client: PortalClient };
  let helpingPatient: { id: string; email: string; client: PortalClient };

  const userOf = async (id: string) => (await w.admin.get<{ user: AdminUser }>('/admin/user/', { id })).user;
  const listed = async (query: Record<string, string>) =>
    (await w.admin.get<UserPage>('/admin/users/', { page_size: '100', ...query })).items.map((u) => u.id);
  const bfAdlDue = async () =>
    (await clinician.get<WorklistPage>('/admin/worklist/', { queue: 'bf_adl_due' })).items.map(
      (row) => row.patient.id,
    );

  beforeAll(async () => {
    w = await documentsKit.startDocumentsWorld();
    clinician = (await documentsKit.addStaff(w.t, STAFF_PRESETS.clinician)).client;
    // Joined only to help Morgan: no record of their own when they accept.
    caregiver = (await grantThroughMail(w.t, w.patient, EVERY_SCOPE, 'Dana')).caregiver;
    // A patient with an intake of their own who also helps Morgan stays a patient.
    const kim = await documentsKit.addPatient(w.t, 'Kim');
    const [row] = await w.t.portal.ctx.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, kim.id));
    helpingPatient = { ...kim, email: row!.email };
    const { version } = await helpingPatient.client.get<{ version: number }>('/patient/contact/');
    await helpingPatient.client.post(
      '/patient/contact/',
      { version, value: SAMPLE_INTAKE.contact },
      { encrypt: true },
    );
  });
  afterAll(async () => {
    await w.t.close();
  });

  it('accepting an invitation without a record of ones own makes the account caregiver-only', async () => {
    const user = await userOf(caregiver.id);
    expect(user).toMatchObject({ is_patient: false, is_caregiver: true, roles: ['user'] });
    expect((await userOf(w.patientId)).is_patient).toBe(true);
  });

  it('the demo daughter is seeded caregiver-only', async () => {
    const [daughter] = await w.t.portal.ctx.db
      .select({ isPatient: users.isPatient })
      .from(users)
      .where(eq(users.email, DEMO_CAREGIVER.email));
    expect(daughter?.isPatient).toBe(false);
  });

  it('the users list shows and filters patients and caregivers', async () => {
    const { id: kimId, email } = helpingPatient;
    await invite(w.other, email, ['view_intake'], daysAhead(w.t, 30));
    await respond(helpingPatient.client, await invitationToken(w.t, email), 'accept');
    expect(await userOf(kimId)).toMatchObject({ is_patient: true, is_caregiver: true });
    const patients = await listed({ kind: 'patient' });
    const caregivers = await listed({ kind: 'caregiver' });
    expect(patients).toEqual(expect.arrayContaining([w.patientId, kimId]));
    expect(patients).not.toContain(caregiver.id);
    expect(caregivers).toEqual(expect.arrayContaining([caregiver.id, kimId]));
    expect(caregivers).not.toContain(w.patientId);
    expect(await listed({})).toEqual(expect.arrayContaining([w.patientId, kimId, caregiver.id]));
  });

  it('its own patient routes answer 10403; acting for the patient they keep working', async () => {
    for (const path of ['/patient/profile/', '/patient/intake/', '/patient/bf_adl/', '/patient/documents/']) {
      await documentsKit.expectCode(caregiver.client.get(path), Codes.forbidden);
    }
    await documentsKit.expectCode(caregiver.client.get('/patient/export/fhir/'), Codes.forbidden);
    const ownInvite = await sealedPost(caregiver.client, '/account/caregivers/invite/', {
      email: 'someone@example.com',
      relationship: 'Friend',
      scopes: ['view_intake'],
      ends_on: daysAhead(w.t, 10),
    });
    expect(codeOf(ownInvite)).toBe(Codes.forbidden);
    // The caregiver's own grants stay theirs to read.
    await caregiver.client.get('/account/caregivers/');
    const forMorgan = actingFor(caregiver.client, w.patientId);
    await forMorgan.get('/patient/profile/');
    await forMorgan.get('/patient/bf_adl/');
    await forMorgan.get('/patient/documents/');
  });

  it('sending it a form answers 10400 naming it, and nothing is saved', async () => {
    const template = await documentsKit.uploadTemplate(w.admin, { fields: documentsKit.SIGNATURE_FIELDS });
    const answer = await sealedPost(w.admin, '/admin/documents/assignments/', {
      template_id: template.id,
      patient_ids: [w.patientId, caregiver.id],
    });
    expect(codeOf(answer)).toBe(Codes.validation);
    expect(pathsOf(answer)).toEqual(['patient_ids.1']);
    expect(messageOf(answer)).toBe('Dana Carer is a caregiver, not a patient');
    const saved = await w.t.portal.ctx.db
      .select({ id: documentAssignments.id })
      .from(documentAssignments)
      .where(eq(documentAssignments.patientId, w.patientId));
    expect(saved).toEqual([]);
  });

  it('the worklist lists no caregiver-only account, and the chart answers 10404', async () => {
    const due = await bfAdlDue();
    expect(due).toContain(w.patientId);
    expect(due).not.toContain(caregiver.id);
    await documentsKit.expectCode(
      clinician.get(`/admin/patients/${caregiver.id}/chart/profile/`),
      Codes.itemsNotFound,
    );
  });

  it('the clinic makes a caregiver a patient, audited; then the worklist lists them', async () => {
    const made = await w.admin.post<AdminUser>(
      '/admin/users/action/',
      { id: caregiver.id, action: 'make_patient' },
      { encrypt: true },
    );
    expect(made).toMatchObject({ is_patient: true, is_caregiver: true });
    const rows = await w.t.portal.ctx.db
      .select({ outcome: auditLog.outcome })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'admin.user.make_patient'), eq(auditLog.subjectId, caregiver.id)));
    expect(rows).toEqual([{ outcome: 'success' }]);
    expect(await bfAdlDue()).toContain(caregiver.id);
    await caregiver.client.get('/patient/profile/');
    const again = await sealedPost(w.admin, '/admin/users/action/', {
      id: caregiver.id,
      action: 'make_patient',
    });
    expect(codeOf(again)).toBe(Codes.conflict);
  });

  it('a clinician without manage_users cannot make a patient', async () => {
    const clinicianAnswer = await sealedPost(clinician, '/admin/users/action/', {
      id: helpingPatient.id,
      action: 'make_patient',
    });
    expect(codeOf(clinicianAnswer)).toBe(Codes.forbidden);
  });
});
