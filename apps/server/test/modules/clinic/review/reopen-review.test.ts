import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTAKE_CONFLICTS, intakeStatus, reviewState, worklistPage } from '@portal/protocol';
import { type PortalClient } from '@portal/protocol/testing';
import { DEMO_ADMIN, startTestPortal, type TestPortal } from '../../../../testing/test-portal.ts';
import { signedUpPatient } from '../../../../testing/admin.ts';
import { auditRowsOf, fillIntake, handIn, staffOf } from '../../../../testing/clinic.ts';
import { codeOf, messageOf, sealedPost } from '../../../../testing/answers.ts';

let t: TestPortal;
let clinician: { id: string; client: PortalClient };
let frontDesk: { id: string; client: PortalClient };
let patient: { id: string; client: PortalClient; email: string };

const reopen = (c: PortalClient, id = patient.id) =>
  c.send({ method: 'POST', path: `/admin/patients/${id}/review/reopen/` });
const stateOf = async () =>
  reviewState.parse(await clinician.client.get(`/admin/patients/${patient.id}/review/`));
const statusOf = async () => intakeStatus.parse(await patient.client.get('/patient/intake/'));

beforeAll(async () => {
  t = await startTestPortal();
  const admin = await t.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
  clinician = await staffOf(t, admin, 'clinician', 'reopener@example.com');
  frontDesk = await staffOf(t, admin, 'front_desk', 'desk@example.com');
  patient = await signedUpPatient(t, 'reopened@example.com');
  await fillIntake(patient.client);
  await handIn(patient.client);
});
afterAll(() => t.close());

describe('reopening a review', () => {
  it('refuses while the newest hand-in is not marked reviewed (10409), and changes nothing', async () => {
    const answer = await reopen(clinician.client);
    expect(codeOf(answer)).toBe(10409);
    expect(messageOf(answer)).toBe(INTAKE_CONFLICTS.nothingToReopen);
    expect(await stateOf()).toMatchObject({ awaiting_review: true, reviews: [] });
  });

  it('refuses staff without review_intake (10403) and answers 10404 for someone who is not a patient', async () => {
    await sealedPost(clinician.client, `/admin/patients/${patient.id}/review/`, { outcome: 'reviewed' });
    expect(codeOf(await reopen(frontDesk.client))).toBe(10403);
    expect(codeOf(await reopen(clinician.client, frontDesk.id))).toBe(10404);
    expect((await stateOf()).awaiting_review).toBe(false);
  });

  it('puts the hand-in back to waiting for review: chart, worklist and the patient as before the review', async () => {
    const beforeReview = { stage: 'awaiting_review', open_sections: [], reviewed_at: null };
    expect((await statusOf()).review).toMatchObject({ stage: 'reviewed' });
    const answer = await reopen(clinician.client);
    expect(answer.status).toBe(200);
    expect(await stateOf()).toMatchObject({ awaiting_review: true, reviews: [], changes: null });
    expect((await statusOf()).review).toEqual(beforeReview);
    const worklist = worklistPage.parse(await clinician.client.get('/admin/worklist/?queue=intake_new'));
    expect(worklist.items.map((i) => i.patient.id)).toContain(patient.id);
  });

  it('audits the reopening under its own action, with no detail, and allows a fresh review', async () => {
    const rows = await auditRowsOf(t, 'intake.review_reopened', clinician.id, patient.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: 'success' });
    expect(rows[0]!.target).toMatch(/^intake_submissions:/);
    const again = await sealedPost(clinician.client, `/admin/patients/${patient.id}/review/`, {
      outcome: 'reviewed',
    });
    expect(again.status).toBe(200);
    expect((await statusOf()).review).toMatchObject({ stage: 'reviewed' });
    expect(await auditRowsOf(t, 'intake.reviewed', clinician.id, patient.id)).toHaveLength(2);
  });
});
