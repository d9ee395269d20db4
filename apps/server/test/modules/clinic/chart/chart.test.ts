import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  BF_ADL_INSTRUMENT,
  chartAssessments,
  chartDocuments,
  chartIntakeAnswer,
  currentInstrument,
  INTAKE_RESOURCE_NAMES,
  type DocumentPdf,
  type SnapshotCoverage,
} from '@portal/protocol';
import { type PortalClient } from '@portal/protocol/testing';
import { eq } from 'drizzle-orm';
import { intakeSubmissions } from '../../../../src/db/schema/index.ts';
import { snapshotEarlierHandIns } from '../../../../src/modules/patient/index.ts';
import { sha256Hex } from '../../../../src/db/document-files.ts';
import { SAMPLE_COVERAGE, SAMPLE_INTAKE, SENTINEL } from '../../../../testing/intake-samples.ts';
import { DEMO_ADMIN, startTestPortal, type TestPortal } from '../../../../testing/test-portal.ts';
import { signedUpPatient } from '../../../../testing/admin.ts';
import { answersTotalling, saveAssessment, submission } from '../../../../testing/assessment.ts';
import {
  assign,
  makePdf,
  pdfsig,
  SIGNATURE_FIELDS,
  signDrawn,
  uploadTemplate,
} from '../../../../testing/documents.ts';
import { auditRowsOf, fillIntake, handIn, ownCard, staffOf, uploadCard } from '../../../../testing/clinic.ts';
import { codeOf } from '../../../../testing/answers.ts';

let t: TestPortal;
let admin: PortalClient;
let clinician: { id: string; client: PortalClient };
let frontDesk: { id: string; client: PortalClient };
let patient: { id: string; client: PortalClient };
let other: { id: string; client: PortalClient };

const chart = (c: PortalClient, id: string, section: string) =>
  c.send({ method: 'GET', path: `/admin/patients/${id}/chart/${section}/` });
const chartValue = (c: PortalClient, id: string, section: string) =>
  c.get<unknown>(`/admin/patients/${id}/chart/${section}/`);

/**
 * Each card of the handed-in coverage, fetched by the clinician, is the patient's own stored
 * file byte for byte, of the type it was stored as.
 */
async function expectCardsAsStored(
  owner: { id: string; client: PortalClient },
  coverage: SnapshotCoverage,
  mimes: { front: string; back: string },
) {
  const type = coverage.value.insurance_type;
  for (const side of ['front', 'back'] as const) {
    const card = coverage.cards[side]!;
    const bytes = await ownCard(owner.client, side, type);
    expect([card.mime, card.size], `${type} ${side}`).toEqual([mimes[side], bytes.length]);
    const file = await clinician.client.get<{ mime: string; content_base64: string }>(
      `/admin/patients/${owner.id}/chart/insurance/card/`,
      { sha256: card.sha256 },
    );
    expect(file.mime).toBe(mimes[side]);
    expect(Buffer.from(file.content_base64, 'base64').equals(bytes), `${type} ${side} bytes`).toBe(true);
  }
}

beforeAll(async () => {
  t = await startTestPortal();
  admin = await t.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
  clinician = await staffOf(t, admin, 'clinician', 'chart-clinician@example.com');
  frontDesk = await staffOf(t, admin, 'front_desk', 'chart-desk@example.com');
  patient = await signedUpPatient(t, 'charted@example.com');
  other = await signedUpPatient(t, 'not-handed-in@example.com');
  await fillIntake(patient.client);
  // Typed but never saved whole: a draft beside the saved practitioner.
  await patient.client.post(
    '/patient/treating_practitioner/',
    { version: 1, draft: true, value: { name: `Dr Draft ${SENTINEL}` } },
    { encrypt: true },
  );
  await handIn(patient.client);
  await fillIntake(other.client);
});
afterAll(() => t.close());

describe('the chart shows the intake exactly as handed in', () => {
  it.each(INTAKE_RESOURCE_NAMES)('%s: the values the patient handed in', async (name) => {
    const answer = chartIntakeAnswer(name).parse(await chartValue(clinician.client, patient.id, name));
    expect(answer.submission).not.toBeNull();
    const saved = await patient.client.get<{ value: unknown }>(`/patient/${name}/`);
    expect(answer.value).toEqual(saved.value);
  });

  it('stores phones and countries as the server normalised them, and never the draft', async () => {
    const contact = chartIntakeAnswer('contact').parse(
      await chartValue(clinician.client, patient.id, 'contact'),
    );
    expect(contact.value?.mobile_phone).toBe('+447700900123');
    expect(contact.value?.address.country).toBe('GB');
    const practitioner = chartIntakeAnswer('treating_practitioner').parse(
      await chartValue(clinician.client, patient.id, 'treating_practitioner'),
    );
    expect(practitioner.value?.name).toBe(SAMPLE_INTAKE.treating_practitioner.name);
    expect(JSON.stringify(practitioner)).not.toContain('Dr Draft');
  });

  it('lists the allergies with their severity, the no-known-allergies flag, aids and devices', async () => {
    const history = chartIntakeAnswer('medical_history').parse(
      await chartValue(clinician.client, patient.id, 'medical_history'),
    );
    expect(history.value?.allergies).toEqual([
      { substance: 'Penicillin', reaction: 'Rash', severity: 'moderate' },
    ]);
    expect(history.value?.no_known_allergies).toBe(false);
    expect(history.value?.mobility_aids).toEqual(['rollator']);
    expect(history.value?.devices).toEqual([{ name: 'Hearing aid', notes: 'left ear' }]);
  });

  it('shows a patient who has not handed in as nothing handed in, not their saved values', async () => {
    const answer = chartIntakeAnswer('profile').parse(
      await chartValue(clinician.client, other.id, 'profile'),
    );
    expect(answer).toEqual({ submission: null, value: null });
    const insurance = chartIntakeAnswer('insurance').parse(
      await chartValue(clinician.client, other.id, 'insurance'),
    );
    expect(insurance.value).toBeNull();
  });

  it('gives the coverages with their card images, PNG and PDF byte for byte', async () => {
    const insurance = chartIntakeAnswer('insurance').parse(
      await chartValue(clinician.client, patient.id, 'insurance'),
    );
    expect(insurance.value?.no_insurance).toBe(false);
    const [coverage] = insurance.value!.coverages;
    expect(coverage!.value).toMatchObject({ member_id: SAMPLE_COVERAGE.member_id, primary: true });
    await expectCardsAsStored(patient, coverage!, { front: 'image/png', back: 'application/pdf' });
  });

  it('gives a second coverage with a JPEG front and a PDF back, byte for byte', async () => {
    const insured = await signedUpPatient(t, 'two-coverages@example.com');
    await fillIntake(insured.client);
    const commercial = {
      ...SAMPLE_COVERAGE,
      insurance_type: 'commercial',
      primary: false,
      payer_name: 'Harbour Health Plan',
      member_id: 'HHP-4471-2093',
    };
    await insured.client.post('/patient/insurance/', { version: 0, value: commercial }, { encrypt: true });
    const photo = await sharp({ create: { width: 96, height: 60, channels: 3, background: '#2a7a5e' } })
      .jpeg()
      .toBuffer();
    await uploadCard(insured.client, photo, 'front', 'commercial');
    await uploadCard(insured.client, Buffer.from(await makePdf(1, 'Plan card back')), 'back', 'commercial');
    await handIn(insured.client);

    const insurance = chartIntakeAnswer('insurance').parse(
      await chartValue(clinician.client, insured.id, 'insurance'),
    );
    const byType = new Map(insurance.value!.coverages.map((c) => [c.value.insurance_type, c]));
    expect([...byType.keys()].sort()).toEqual(['commercial', 'medicare']);
    expect(byType.get('commercial')!.value).toMatchObject({ member_id: 'HHP-4471-2093', primary: false });
    await expectCardsAsStored(insured, byType.get('commercial')!, {
      front: 'image/jpeg',
      back: 'application/pdf',
    });
    await expectCardsAsStored(insured, byType.get('medicare')!, {
      front: 'image/png',
      back: 'application/pdf',
    });
  });

  it('finds a card only among the hand-ins of the patient named', async () => {
    const insurance = chartIntakeAnswer('insurance').parse(
      await chartValue(clinician.client, patient.id, 'insurance'),
    );
    const front = insurance.value!.coverages[0]!.cards.front!;
    const foreign = await clinician.client.send({
      method: 'GET',
      path: `/admin/patients/${other.id}/chart/insurance/card/`,
      query: { sha256: front.sha256 },
    });
    expect(codeOf(foreign)).toBe(10404);
  });
});

describe('hand-ins from before the chart existed', () => {
  it('get a snapshot of their saved intake, dated at their hand-in, once', async () => {
    const earlier = await signedUpPatient(t, 'earlier@example.com');
    await fillIntake(earlier.client);
    await handIn(earlier.client);
    const db = t.portal.ctx.db;
    await db.delete(intakeSubmissions).where(eq(intakeSubmissions.userId, earlier.id));
    expect(await snapshotEarlierHandIns(t.portal.ctx)).toBe(1);
    expect(await snapshotEarlierHandIns(t.portal.ctx)).toBe(0);
    const profile = chartIntakeAnswer('profile').parse(
      await chartValue(clinician.client, earlier.id, 'profile'),
    );
    expect(profile.value).toMatchObject({ first_name: SAMPLE_INTAKE.profile.first_name });
    const status = await earlier.client.get<{ submitted_at: string }>('/patient/intake/');
    expect(profile.submission?.submitted_at).toBe(status.submitted_at);
  });
});

describe('BF-ADL and documents on the chart', () => {
  it('lists every submission with its answers, change and flag', async () => {
    for (const total of [100, 95, 80]) {
      const answer = await saveAssessment(patient.client, submission(answersTotalling(total)));
      expect(answer.status).toBe(200);
    }
    const result = chartAssessments.parse(await chartValue(clinician.client, patient.id, 'bf_adl'));
    expect(result.submissions.map((s) => [s.score, s.band, s.change, s.flag])).toEqual([
      [100, 'independent', null, []],
      [95, 'slight_dependency', -5, ['worse_band']],
      [80, 'moderate_dependency', -15, ['worse_band', 'score_drop']],
    ]);
    expect(result.submissions[2]!.answers).toEqual(answersTotalling(80));
    const interval = currentInstrument(BF_ADL_INSTRUMENT)!.due_interval_days * 24 * 60 * 60 * 1000;
    const nextDue = new Date(Date.parse(result.submissions[2]!.submitted_at) + interval).toISOString();
    expect([result.due, result.next_due_at]).toEqual([false, nextDue]);
  });

  it('says a first BF-ADL is due at once, with no date before it', async () => {
    const result = chartAssessments.parse(await chartValue(clinician.client, other.id, 'bf_adl'));
    expect([result.submissions, result.due, result.next_due_at]).toEqual([[], true, null]);
  });

  it('lists each document with who did what when and the decline reason', async () => {
    const template = await uploadTemplate(admin, {
      fields: SIGNATURE_FIELDS,
      pdf: await makePdf(1, 'Consent'),
    });
    const [assignment] = await assign(admin, template.id, [patient.id], { send: true });
    await patient.client.post(
      '/patient/sign/',
      { id: assignment!.id, action: 'reject', reason: `Questions about the risks ${SENTINEL}` },
      { encrypt: true },
    );
    const { items } = chartDocuments.parse(await chartValue(clinician.client, patient.id, 'documents'));
    const declined = items.find((item) => item.id === assignment!.id)!;
    expect(declined.status).toBe('rejected');
    expect(declined.rejection_reason).toBe(`Questions about the risks ${SENTINEL}`);
    expect(declined.signed).toBeNull();
    const last = declined.events.at(-1)!;
    expect(last).toMatchObject({ actor: 'patient', action: 'reject', to_status: 'rejected' });
    expect(last.person).toMatchObject({ email: 'charted@example.com' });
    expect(declined.events[0]).toMatchObject({ actor: 'clinic', person: { email: DEMO_ADMIN.email } });
  });

  it('lists a signed document with its history, the signed PDF’s hashes and its certificate', async () => {
    const template = await uploadTemplate(admin, {
      title: 'Consent to share records',
      fields: SIGNATURE_FIELDS,
      pdf: await makePdf(1, 'Records consent'),
    });
    const [assignment] = await assign(admin, template.id, [patient.id], { send: true });
    await signDrawn(patient.client, assignment!.id);

    const { items } = chartDocuments.parse(await chartValue(clinician.client, patient.id, 'documents'));
    const signed = items.find((item) => item.id === assignment!.id)!;
    expect([signed.status, signed.rejection_reason]).toEqual(['signed', null]);
    expect(signed.events.map((e) => [e.actor, e.action, e.from_status, e.to_status])).toEqual([
      ['clinic', 'assign', null, 'draft'],
      ['clinic', 'send', 'draft', 'pending_signature'],
      ['patient', 'sign', 'pending_signature', 'signed'],
    ]);
    expect(signed.events.map((e) => e.person?.email)).toEqual([
      DEMO_ADMIN.email,
      DEMO_ADMIN.email,
      'charted@example.com',
    ]);
    expect(signed.signed!.signed_at).toBe(signed.events[2]!.at);

    // The copy the clinic downloads is the one the chart names, signed, with the hashes on its certificate.
    const download = await admin.get<DocumentPdf>('/admin/documents/assignment/pdf/', { id: assignment!.id });
    const pdf = Buffer.from(download.pdf_base64, 'base64');
    expect(sha256Hex(pdf)).toBe(signed.signed!.signed_sha256);
    expect(signed.signed!.original_sha256).toBe(template.sha256);
    expect(await pdfsig(t.dataDir, pdf)).toContain('Signature is Valid');
    const file = path.join(t.dataDir, 'chart-certificate.pdf');
    await writeFile(file, pdf);
    const { stdout: text } = await promisify(execFile)('pdftotext', [file, '-']);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Audit certificate');
    expect(flat).toContain(`SHA-256 of the original document: ${signed.signed!.original_sha256}`);
    expect(flat).toContain(`SHA-256 of the signed document: ${signed.signed!.stamped_sha256}`);
  });
});

describe('who may read the chart', () => {
  it('answers 10404 for a missing patient and for a staff account, 10400 for a malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', frontDesk.id]) {
      const answer = await chart(clinician.client, id, 'profile');
      expect(codeOf(answer)).toBe(10404);
      expect(answer.body).toMatchObject({ message: 'Items not found' });
    }
    expect(codeOf(await chart(clinician.client, 'nobody', 'profile'))).toBe(10400);
    expect(codeOf(await chart(clinician.client, patient.id, 'passwords'))).toBe(10400);
  });

  it('refuses a front-desk account (no read_chart) with 10403, and a patient, even for their own chart', async () => {
    expect(codeOf(await chart(frontDesk.client, patient.id, 'profile'))).toBe(10403);
    const card = await frontDesk.client.send({
      method: 'GET',
      path: `/admin/patients/${patient.id}/chart/insurance/card/`,
      query: { sha256: 'a'.repeat(64) },
    });
    expect(codeOf(card)).toBe(10403);
    expect(codeOf(await chart(patient.client, patient.id, 'profile'))).toBe(10403);
  });
});

describe('audit and logs', () => {
  it('records one row per section read: who, which patient, which section', async () => {
    const before = (await auditRowsOf(t, 'chart.read', clinician.id, patient.id)).length;
    await chartValue(clinician.client, patient.id, 'medical_history');
    await chartValue(clinician.client, patient.id, 'documents');
    const rows = (await auditRowsOf(t, 'chart.read', clinician.id, patient.id)).slice(before);
    expect(rows.map((r) => [r.outcome, r.detail, r.target])).toEqual([
      ['success', { section: 'medical_history' }, 'chart:medical_history'],
      ['success', { section: 'documents' }, 'chart:documents'],
    ]);
    const missing = await auditRowsOf(t, 'chart.read', clinician.id, '00000000-0000-4000-8000-000000000000');
    expect(missing.map((r) => r.outcome)).toContain('failure');
  });

  it("shows the reads in the patient's audit trail on their page", async () => {
    const detail = await admin.get<{ audit: { action: string; actor: { id: string } | null }[] }>(
      '/admin/user/',
      { id: patient.id },
    );
    const reads = detail.audit.filter((row) => row.action === 'chart.read');
    expect(reads.length).toBeGreaterThan(0);
    expect(reads[0]!.actor?.id).toBe(clinician.id);
  });

  it('writes none of what the chart showed into the logs', () => {
    const logs = t.logs.join('\n');
    for (const value of [SENTINEL, 'Penicillin', SAMPLE_COVERAGE.member_id, 'Harbour Row', 'Hearing aid']) {
      expect(logs).not.toContain(value);
    }
    expect(logs).toContain('/chart/');
  });
});
