import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chartIntakeAnswer,
  INTAKE_CONFLICTS,
  intakeStatus,
  patientReviewNote,
  reviewState,
} from '@portal/protocol';
import { type PortalClient } from '@portal/protocol/testing';
import { SAMPLE_INTAKE, SENTINEL } from '../../../../testing/intake-samples.ts';
import { DEMO_ADMIN, startTestPortal, type TestPortal } from '../../../../testing/test-portal.ts';
import { signedUpPatient } from '../../../../testing/admin.ts';
import { makeSignaturePng } from '../../../../testing/documents.ts';
import { auditRowsOf, fillIntake, handIn, ownCard, staffOf } from '../../../../testing/clinic.ts';
import { codeOf, messageOf, pathsOf, sealedPost } from '../../../../testing/answers.ts';

let t: TestPortal;
let clinician: { id: string; client: PortalClient };
let frontDesk: { id: string; client: PortalClient };
let patient: { id: string; client: PortalClient; email: string };

const NOTE = `Please check your mobile number ${SENTINEL}`;
const reviewPath = () => `/admin/patients/${patient.id}/review/`;
const review = (c: PortalClient, body: unknown, id = patient.id) =>
  sealedPost(c, `/admin/patients/${id}/review/`, body);
const stateOf = async () => reviewState.parse(await clinician.client.get(reviewPath()));
const statusOf = async () => intakeStatus.parse(await patient.client.get('/patient/intake/'));
const saveSection = async (name: keyof typeof SAMPLE_INTAKE, value: unknown, draft = false) => {
  const { version } = await patient.client.get<{ version: number }>(`/patient/${name}/`);
  return patient.client.send({
    method: 'POST',
    path: `/patient/${name}/`,
    body: { version, value, draft },
    encrypt: true,
  });
};
const uploadFront = (bytes: Buffer) =>
  patient.client.send({
    method: 'POST',
    path: '/patient/insurance/card/',
    body: { insurance_type: 'medicare', side: 'front', content_base64: bytes.toString('base64') },
    encrypt: true,
  });
const NEW_CARD = makeSignaturePng(64, 40);
let firstFrontBytes: Buffer;
let firstFront: string;

beforeAll(async () => {
  t = await startTestPortal();
  const admin = await t.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
  clinician = await staffOf(t, admin, 'clinician', 'reviewer@example.com');
  frontDesk = await staffOf(t, admin, 'front_desk', 'front@example.com');
  patient = await signedUpPatient(t, 'reviewed@example.com');
  await fillIntake(patient.client);
  firstFrontBytes = await ownCard(patient.client, 'front');
  firstFront = createHash('sha256').update(firstFrontBytes).digest('hex');
});
afterAll(() => t.close());

describe('before and at the first hand-in', () => {
  it('refuses a review while nothing is handed in', async () => {
    const answer = await review(clinician.client, { outcome: 'reviewed' });
    expect(codeOf(answer)).toBe(10409);
    expect(messageOf(answer)).toBe(INTAKE_CONFLICTS.nothingHandedIn);
    expect((await statusOf()).review).toMatchObject({ stage: 'not_submitted' });
  });

  it('closes every section once handed in, drafts and cards included, and refuses a second hand-in', async () => {
    await handIn(patient.client);
    expect((await statusOf()).review).toEqual({
      stage: 'awaiting_review',
      open_sections: [],
      reviewed_at: null,
    });
    for (const answer of [
      await saveSection('contact', SAMPLE_INTAKE.contact),
      await saveSection('profile', { first_name: 'Half' }, true),
      await uploadFront(NEW_CARD),
    ]) {
      expect(codeOf(answer)).toBe(10409);
      expect(messageOf(answer)).toBe(INTAKE_CONFLICTS.sectionClosed);
    }
    const again = await patient.client.send({
      method: 'POST',
      path: '/patient/intake/submit/',
      body: { no_insurance: false },
      encrypt: true,
    });
    expect(messageOf(again)).toBe(INTAKE_CONFLICTS.awaitingReview);
    const state = await stateOf();
    expect(state).toMatchObject({ awaiting_review: true, reviews: [], changes: null });
  });
});

describe('asking for changes', () => {
  it('checks the request: a note and sections for a change request, known outcome and sections', async () => {
    for (const [body, paths] of [
      [{ outcome: 'changes_requested', sections: ['contact'] }, ['note']],
      [{ outcome: 'changes_requested', sections: [], note: 'x' }, ['sections']],
      [{ outcome: 'changes_requested', sections: ['passwords'], note: 'x' }, ['sections.0']],
      [{ outcome: 'approved' }, ['outcome']],
    ] as const) {
      const answer = await review(clinician.client, body);
      expect(codeOf(answer)).toBe(10400);
      expect(pathsOf(answer)).toEqual(paths);
    }
    expect((await stateOf()).reviews).toEqual([]);
  });

  it('refuses a front-desk account (10403) and answers 10404 for someone who is not a patient', async () => {
    expect(codeOf(await review(frontDesk.client, { outcome: 'reviewed' }))).toBe(10403);
    expect(codeOf(await frontDesk.client.send({ method: 'GET', path: reviewPath() }))).toBe(10403);
    expect(codeOf(await review(clinician.client, { outcome: 'reviewed' }, frontDesk.id))).toBe(10404);
  });

  it('records the request, reopens the named sections and e-mails the patient without PHI', async () => {
    const mails = (await t.outbox()).length;
    const answer = await review(clinician.client, {
      outcome: 'changes_requested',
      sections: ['contact', 'insurance'],
      note: NOTE,
    });
    expect(answer.status).toBe(200);
    const state = await stateOf();
    expect(state.awaiting_review).toBe(false);
    expect(state.reviews[0]).toMatchObject({
      outcome: 'changes_requested',
      sections: ['contact', 'insurance'],
      note: NOTE,
      reviewer: { email: 'reviewer@example.com' },
    });
    expect((await statusOf()).review).toMatchObject({
      stage: 'changes_requested',
      open_sections: ['contact', 'insurance'],
    });

    const sent = (await t.outbox()).slice(mails);
    expect(sent).toHaveLength(1);
    // Soft line breaks undone, so the checks below read the text as a mail client shows it.
    const mail = sent[0]!.replace(/=\r?\n/g, '');
    expect(mail).toContain('To: reviewed@example.com');
    expect(mail).toContain('has looked at the intake form you handed in');
    expect(mail).toContain('/welcome');
    for (const phi of [SENTINEL, 'mobile', 'Oli', 'Other', 'Contact', 'insurance', 'reviewer@example.com']) {
      expect(mail).not.toContain(phi);
    }
  });

  it('shows the patient the note and the sections, and audits that read', async () => {
    const note = patientReviewNote.parse(await patient.client.get('/patient/intake/review/'));
    expect(note).toMatchObject({ sections: ['contact', 'insurance'], note: NOTE });
    const rows = await auditRowsOf(t, 'patient.read', patient.id, patient.id);
    expect(rows.at(-1)?.target).toBe('intake_review');
  });

  it('lets the patient change only the reopened sections', async () => {
    expect(codeOf(await saveSection('profile', SAMPLE_INTAKE.profile))).toBe(10409);
    const contact = await saveSection('contact', {
      ...SAMPLE_INTAKE.contact,
      mobile_phone: '+44 7700 900999',
    });
    expect(contact.status).toBe(200);
    expect((await uploadFront(NEW_CARD)).status).toBe(200);
  });

  it('refuses a second review before the patient hands in again', async () => {
    const answer = await review(clinician.client, { outcome: 'reviewed' });
    expect(codeOf(answer)).toBe(10409);
    expect(messageOf(answer)).toBe(INTAKE_CONFLICTS.nothingNewToReview);
  });

  it('keeps showing the hand-in under review on the chart until the next hand-in', async () => {
    const contact = chartIntakeAnswer('contact').parse(
      await clinician.client.get(`/admin/patients/${patient.id}/chart/contact/`),
    );
    expect(contact.value?.mobile_phone).toBe('+447700900123');
  });
});

describe('after the next hand-in', () => {
  it('shows exactly the changed fields, old and new side by side', async () => {
    await handIn(patient.client);
    const state = await stateOf();
    expect(state.awaiting_review).toBe(true);
    expect(state.changes?.since.id).toBe(state.reviews[0]!.submission_id);
    const fields = state.changes!.fields;
    expect(fields.map((f) => [f.section, f.path])).toEqual([
      ['contact', ['mobile_phone']],
      ['insurance', ['coverages', 'medicare', 'cards', 'front']],
    ]);
    expect(fields[0]).toMatchObject({ before: '+447700900123', after: '+447700900999' });
    expect(fields[1]!.before).not.toEqual(fields[1]!.after);
  });

  it('serves both the old and the new card image', async () => {
    const fields = (await stateOf()).changes!.fields;
    const card = fields.find((f) => f.section === 'insurance')!;
    expect(card.before).toBe(firstFront);
    for (const [sha256, bytes] of [
      [card.before, firstFrontBytes],
      [card.after, await ownCard(patient.client, 'front')],
    ] as const) {
      const file = await clinician.client.get<{ content_base64: string }>(
        `/admin/patients/${patient.id}/chart/insurance/card/`,
        { sha256: String(sha256) },
      );
      expect(Buffer.from(file.content_base64, 'base64').equals(bytes)).toBe(true);
    }
  });

  it('marks the intake reviewed, which opens it for later updates', async () => {
    const answer = await review(clinician.client, { outcome: 'reviewed' });
    expect(answer.status).toBe(200);
    const state = await stateOf();
    expect(state).toMatchObject({ awaiting_review: false, changes: null });
    expect(state.reviews.map((r) => r.outcome)).toEqual(['reviewed', 'changes_requested']);
    expect((await statusOf()).review.stage).toBe('reviewed');
    expect(patientReviewNote.parse(await patient.client.get('/patient/intake/review/'))).toBeNull();
    expect((await saveSection('profile', SAMPLE_INTAKE.profile)).status).toBe(200);
  });

  it('audits each review with its sections and never logs the note', async () => {
    const requested = await auditRowsOf(t, 'intake.changes_requested', clinician.id, patient.id);
    expect(requested.map((r) => r.detail)).toEqual([{ sections: ['contact', 'insurance'] }]);
    expect(await auditRowsOf(t, 'intake.reviewed', clinician.id, patient.id)).toHaveLength(1);
    const reads = await auditRowsOf(t, 'chart.read', clinician.id, patient.id);
    expect(reads.some((r) => (r.detail as { section?: string }).section === 'review')).toBe(true);
    expect(t.logs.join('\n')).not.toContain(SENTINEL);
  });
});
