import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  ApiError,
  Codes,
  DOCUMENT_CONFLICTS,
  TEMPLATE_PUBLISH_REFUSALS,
  contactSchema,
  profileSchema,
  type ChartDocuments,
  type ClinicAssignment,
  type DocumentDetail,
  type DocumentField,
  type DocumentPdf,
  type DocumentsPage,
  type PatientDocument,
  type SigningSession,
  type TemplateDetail,
  type TemplateLibrary,
} from '@portal/protocol';
import type { PortalClient } from '@portal/protocol/testing';
import { auditLog, users } from '../../../src/db/schema/index.ts';
import { sendExpiryReminders } from '../../../src/modules/documents/expiry-job.ts';
import { addressLine } from '../../../src/modules/patient/index.ts';
import { fillIntake, handIn } from '../../../testing/clinic.ts';
import { SAMPLE_INTAKE } from '../../../testing/intake-samples.ts';
import {
  addPatient,
  assign,
  makePdf,
  pdfsig,
  signDrawn,
  startDocumentsWorld,
  type DocumentsWorld,
} from '../../../testing/documents.ts';

const SIGN_AND_DATE: DocumentField[] = [
  { kind: 'signature', page: 1, x: 60, y: 120, width: 200, height: 60 },
  { kind: 'date', page: 1, x: 300, y: 120, width: 120, height: 24 },
];

async function refusal(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiError) return { code: error.code, message: error.message, errors: error.errors };
    throw error;
  }
  throw new Error('expected the call to fail');
}

const b64 = async (title: string) => Buffer.from(await makePdf(1, title)).toString('base64');

describe('the documents library', () => {
  let w: DocumentsWorld;
  let cnPatient: { id: string; client: PortalClient };

  beforeAll(async () => {
    w = await startDocumentsWorld();
    cnPatient = await addPatient(w.t, 'Mei');
    await w.t.portal.ctx.db.update(users).set({ locale: 'cn' }).where(eq(users.id, cnPatient.id));
  });
  afterAll(() => w.t.close());

  const create = async (kind: 'signature' | 'reference', gbTitle: string, cnTitle?: string) =>
    w.admin.post<TemplateDetail>(
      '/admin/documents/library/template/',
      {
        kind,
        gb: { title: gbTitle, description: 'In English', pdf_base64: await b64(gbTitle) },
        ...(cnTitle && {
          cn: { title: cnTitle, description: '中文说明', pdf_base64: await b64('cn edition') },
        }),
      },
      { encrypt: true },
    );
  const setFields = (id: string, language: 'gb' | 'cn', fields: DocumentField[]) =>
    w.admin.post<TemplateDetail>('/admin/documents/library/fields/', { id, language, fields });
  const publish = (id: string, version: number) =>
    w.admin.post<TemplateDetail>('/admin/documents/library/publish/', { id, version });
  /** Mei signs, naming the cn edition as the signing screen does. */
  const signCn = (id: string) =>
    cnPatient.client.post<PatientDocument>(
      '/patient/sign/',
      { id, action: 'sign', consent: true, language: 'cn', signature: { kind: 'typed', text: 'Mei' } },
      { encrypt: true },
    );
  const library = (query: Record<string, string> = {}) =>
    w.admin.get<TemplateLibrary>('/admin/documents/library/', query);

  /** A consent in gb and cn with a signature and a date field in both, published. */
  async function publishedConsent(title: string) {
    const created = await create('signature', title, `${title} 同意书`);
    await setFields(created.id, 'gb', SIGN_AND_DATE);
    await setFields(created.id, 'cn', SIGN_AND_DATE);
    return publish(created.id, 1);
  }

  it('creates a draft in gb and cn, lists it with search and filters, and will not send it yet', async () => {
    const draft = await create('signature', 'Consent to home visits', '家访同意书');
    expect(draft).toMatchObject({
      status: 'draft',
      titles: { gb: 'Consent to home visits', cn: '家访同意书' },
      languages: ['gb', 'cn'],
      published_version: null,
      draft_version: 1,
      use: { sent: 0, signed: 0, pending: 0, read: 0 },
    });
    expect(draft.versions[0]!.editions.map((e) => [e.language, e.page_count])).toEqual([
      ['gb', 1],
      ['cn', 1],
    ]);
    expect((await library({ q: '家访' })).items.map((t) => t.id)).toEqual([draft.id]);
    expect((await library({ q: 'HOME visits' })).items.map((t) => t.id)).toEqual([draft.id]);
    expect((await library({ q: 'home visits', status: 'published' })).items).toEqual([]);
    expect((await library({ q: 'home visits', kind: 'reference' })).items).toEqual([]);

    const refused = await refusal(assign(w.admin, draft.id, [w.patientId]));
    expect(refused).toMatchObject({ code: Codes.conflict, message: DOCUMENT_CONFLICTS.templateNotPublished });
    const pdf = await w.admin.get<DocumentPdf>('/admin/documents/library/pdf/', {
      id: draft.id,
      version: '1',
      language: 'cn',
    });
    expect(pdf.sha256).toBe(draft.versions[0]!.editions[1]!.sha256);
  });

  it('refuses to publish a form for signature until every edition has a signature field, naming the edition', async () => {
    const draft = await create('signature', 'Consent to telemetry', '遥测同意书');
    await setFields(draft.id, 'gb', SIGN_AND_DATE);
    const refused = await refusal(publish(draft.id, 1));
    expect(refused).toMatchObject({ code: Codes.validation });
    expect(refused.errors).toEqual([
      { path: 'editions.cn.fields', message: TEMPLATE_PUBLISH_REFUSALS.missingSignatureField },
    ]);
    expect((await refusal(publish(draft.id, 2))).message).toBe(DOCUMENT_CONFLICTS.staleDraft);
    await setFields(draft.id, 'cn', [{ ...SIGN_AND_DATE[0]!, x: 80 }]);
    const published = await publish(draft.id, 1);
    expect(published).toMatchObject({ status: 'published', published_version: 1, draft_version: null });
    const actions = (await w.t.portal.ctx.db.select().from(auditLog)).map((row) => row.action);
    for (const action of ['create', 'fields', 'publish'])
      expect(actions).toContain(`document.template.${action}`);
  });

  it('refuses a field on a missing page and a prefill on anything but a text field', async () => {
    const draft = await create('signature', 'Consent to photographs');
    expect((await refusal(setFields(draft.id, 'gb', [{ ...SIGN_AND_DATE[0]!, page: 2 }]))).errors).toEqual([
      { path: 'fields.0.page', message: 'The document has 1 page(s)' },
    ]);
    const prefilledDate = [{ ...SIGN_AND_DATE[1]!, prefill: 'full_name' as const }];
    expect((await refusal(setFields(draft.id, 'gb', prefilledDate))).code).toBe(Codes.validation);
    expect((await refusal(setFields(draft.id, 'cn', SIGN_AND_DATE))).errors).toEqual([
      { path: 'language', message: TEMPLATE_PUBLISH_REFUSALS.editionWithoutPdf },
    ]);
  });

  it('gives a patient who reads Chinese the cn edition, signs it, and the certificate names version and edition', async () => {
    const consent = await publishedConsent('Consent to remote monitoring');
    const [sent] = await assign(w.admin, consent.id, [cnPatient.id, w.patientId]);
    const list = await cnPatient.client.get<DocumentsPage>('/patient/documents/', { kind: 'signature' });
    const mine = list.items.find((d) => d.id === sent!.id)!;
    expect(mine).toMatchObject({
      title: 'Consent to remote monitoring 同意书',
      description: '中文说明',
      language: 'cn',
      edition_fallback: false,
      template_version: 1,
    });
    const gbList = await w.patient.get<DocumentsPage>('/patient/documents/', { kind: 'signature' });
    expect(gbList.items.find((d) => d.title === 'Consent to remote monitoring')?.language).toBe('gb');

    const session = await cnPatient.client.get<SigningSession>('/patient/sign/', { id: sent!.id });
    expect(session.document.language).toBe('cn');
    const signed = await signCn(sent!.id);
    expect(signed).toMatchObject({ status: 'signed', language: 'cn' });

    const detail = await cnPatient.client.get<DocumentDetail>('/patient/document/', { id: sent!.id });
    const pdf = Buffer.from(detail.pdf_base64, 'base64');
    expect(await pdfsig(w.t.dataDir, pdf)).toContain('Signature is Valid');
    const file = path.join(w.t.dataDir, 'cn-certificate.pdf');
    await writeFile(file, pdf);
    const { stdout: text } = await promisify(execFile)('pdftotext', ['-layout', file, '-']);
    expect(text).toContain('Template version 1, Chinese edition (cn)');
    expect(text).toContain('cn edition, page 1');

    const clinic = await w.admin.get<ClinicAssignment>('/admin/documents/assignment/', { id: sent!.id });
    expect(clinic).toMatchObject({
      template_version: 1,
      edition: 'cn',
      title: 'Consent to remote monitoring',
    });
    expect(clinic.events.find((e) => e.action === 'sign')?.edition).toBe('cn');
    expect(clinic.events.find((e) => e.action === 'open_signing')?.edition).toBe('cn');
  });

  it('gives a cn reader the gb edition with a flag when there is no cn one, and refuses to sign an edition that does not exist', async () => {
    const created = await create('signature', 'Consent to data sharing');
    await setFields(created.id, 'gb', SIGN_AND_DATE);
    await publish(created.id, 1);
    const [sent] = await assign(w.admin, created.id, [cnPatient.id]);
    const session = await cnPatient.client.get<SigningSession>('/patient/sign/', { id: sent!.id });
    expect(session.document).toMatchObject({ language: 'gb', edition_fallback: true });
    const refused = await refusal(signCn(sent!.id));
    expect(refused).toMatchObject({ code: Codes.validation });
    expect(refused.errors?.[0]?.path).toBe('language');
  });

  it('makes a new version when a published template changes, leaving documents already sent on theirs', async () => {
    const consent = await publishedConsent('Consent to video visits');
    const [first] = await assign(w.admin, consent.id, [w.patientId]);
    const moved = SIGN_AND_DATE.map((field) => ({ ...field, y: field.y + 300 }));
    const draft = await setFields(consent.id, 'gb', moved);
    expect(draft).toMatchObject({ status: 'published', published_version: 1, draft_version: 2 });
    expect(draft.versions.map((v) => [v.version, v.status])).toEqual([
      [2, 'draft'],
      [1, 'published'],
    ]);
    // The draft started as a copy of the published version: the cn edition came along.
    expect(draft.versions[0]!.editions.map((e) => e.language)).toEqual(['gb', 'cn']);
    const v2 = await publish(consent.id, 2);
    expect(v2.versions.map((v) => [v.version, v.status, v.sent])).toEqual([
      [2, 'published', 0],
      [1, 'superseded', 1],
    ]);

    const session = await w.patient.get<SigningSession>('/patient/sign/', { id: first!.id });
    expect(session.fields).toEqual(SIGN_AND_DATE);
    expect(session.document.template_version).toBe(1);
    await signDrawn(w.patient, first!.id);
    const [second] = await assign(w.admin, consent.id, [w.otherId]);
    expect(second!.template_version).toBe(2);
    const secondSession = await w.other.get<SigningSession>('/patient/sign/', { id: second!.id });
    expect(secondSession.fields).toEqual(moved);
  });

  it('retires a template: no more sends or edits, its history stays readable', async () => {
    const consent = await publishedConsent('Consent to group sessions');
    const [sent] = await assign(w.admin, consent.id, [w.patientId]);
    const retired = await w.admin.post<TemplateDetail>('/admin/documents/library/retire/', {
      id: consent.id,
    });
    expect(retired).toMatchObject({ status: 'retired', published_version: 1, use: { sent: 1, pending: 1 } });
    const again = await refusal(assign(w.admin, consent.id, [cnPatient.id]));
    expect(again).toMatchObject({ code: Codes.conflict, message: DOCUMENT_CONFLICTS.templateRetired });
    expect((await refusal(setFields(consent.id, 'gb', SIGN_AND_DATE))).message).toBe(
      DOCUMENT_CONFLICTS.templateRetired,
    );
    expect(
      (await refusal(w.admin.post('/admin/documents/library/retire/', { id: consent.id }))).message,
    ).toBe(DOCUMENT_CONFLICTS.alreadyRetired);
    expect((await library({ status: 'retired' })).items.map((t) => t.id)).toContain(consent.id);
    const history = await w.admin.get<ClinicAssignment>('/admin/documents/assignment/', { id: sent!.id });
    expect(history.template_version).toBe(1);
    const sendable = await w.admin.get<{ items: { id: string }[] }>('/admin/documents/templates/');
    expect(sendable.items.map((t) => t.id)).not.toContain(consent.id);
  });

  it('marks a reference document read when the patient opens it: the unread count drops, staff see when', async () => {
    const leaflet = await create('reference', 'Looking after your device', '设备保养');
    await publish(leaflet.id, 1);
    const before = await cnPatient.client.get<DocumentsPage>('/patient/documents/', {});
    const listed = before.items.find((d) => d.id === leaflet.id)!;
    expect(listed).toMatchObject({ title: '设备保养', language: 'cn', read_at: null });

    const opened = await cnPatient.client.get<DocumentDetail>('/patient/document/', { id: leaflet.id });
    expect(opened.read_at).not.toBeNull();
    await cnPatient.client.get<DocumentDetail>('/patient/document/', { id: leaflet.id });
    const after = await cnPatient.client.get<DocumentsPage>('/patient/documents/', {});
    expect(after.unread).toBe(before.unread - 1);
    expect(after.items.find((d) => d.id === leaflet.id)!.read_at).toBe(opened.read_at);

    const chart = await w.admin.get<ChartDocuments>(`/admin/patients/${cnPatient.id}/chart/documents/`);
    expect(chart.reference.find((r) => r.template_id === leaflet.id)).toEqual({
      template_id: leaflet.id,
      title: 'Looking after your device',
      read_at: opened.read_at,
    });
    const other = await w.admin.get<ChartDocuments>(`/admin/patients/${w.patientId}/chart/documents/`);
    expect(other.reference.find((r) => r.template_id === leaflet.id)?.read_at).toBeNull();
    expect((await library({ q: 'device' })).items.find((t) => t.id === leaflet.id)?.use.read).toBe(1);
  });

  it('reminds of an unsigned document as many hours before its due date as the clinic set', async () => {
    const consent = await publishedConsent('Consent to the reminder test');
    const due = new Date(Date.now() + 90 * 3600_000).toISOString();
    await assign(w.admin, consent.id, [w.patientId], { due_at: due });
    expect(await sendExpiryReminders(w.t.portal.ctx)).toBe(0);
    await w.admin.post('/admin/settings/', { document_reminder_hours: 100 }, { encrypt: true });
    expect(await sendExpiryReminders(w.t.portal.ctx)).toBe(1);
    const refused = await refusal(
      w.admin.post('/admin/settings/', { document_reminder_hours: 0 }, { encrypt: true }),
    );
    expect(refused.errors?.[0]?.path).toBe('document_reminder_hours');
  });

  it("prefills text fields from the patient's handed-in intake, and stamps them with the signer's name in Chinese", async () => {
    const patient = await addPatient(w.t, '秀英');
    await fillIntake(patient.client);
    await handIn(patient.client);
    const created = await create('signature', 'Registration form');
    const box = { page: 1, x: 60, y: 400, width: 400, height: 20 };
    await setFields(created.id, 'gb', [
      ...SIGN_AND_DATE,
      { kind: 'text', prefill: 'full_name', ...box },
      { kind: 'text', prefill: 'date_of_birth', ...box, y: 370 },
      { kind: 'text', prefill: 'address', ...box, y: 340 },
      { kind: 'name', ...box, y: 310 },
    ]);
    await publish(created.id, 1);
    const [sent] = await assign(w.admin, created.id, [patient.id]);
    const session = await patient.client.get<SigningSession>('/patient/sign/', { id: sent!.id });
    // As the server stores them (the country code upper-cased, say).
    const profile = profileSchema.parse(SAMPLE_INTAKE.profile);
    const contact = contactSchema.parse(SAMPLE_INTAKE.contact);
    expect(session.fields.slice(2).map((f) => f.value)).toEqual([
      `${profile.first_name} ${profile.last_name}`,
      profile.date_of_birth,
      addressLine(contact.address),
      undefined,
    ]);
    await signDrawn(patient.client, sent!.id);
    const detail = await patient.client.get<DocumentDetail>('/patient/document/', { id: sent!.id });
    const file = path.join(w.t.dataDir, 'prefilled.pdf');
    await writeFile(file, Buffer.from(detail.pdf_base64, 'base64'));
    const { stdout: text } = await promisify(execFile)('pdftotext', ['-f', '1', '-l', '1', file, '-']);
    expect(text).toContain(`${profile.first_name} ${profile.last_name}`);
    expect(text).toContain(contact.address.city);
    expect(text).toContain('秀英 Tester');
    const { stdout: fonts } = await promisify(execFile)('pdffonts', [file]);
    expect(fonts).toMatch(/NotoSansSC\S*\s+CID TrueType\s+Identity-H\s+yes/);
    // The audit certificate names the signer in their own script, not as code points.
    const { stdout: certificate } = await promisify(execFile)('pdftotext', ['-f', '2', file, '-']);
    expect(certificate).toContain('Audit certificate');
    expect(certificate).toContain('Name: 秀英 Tester');
    expect(certificate).not.toContain('<U+');
  });
});
