import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  Codes,
  MAX_DOCUMENT_BYTES,
  type ClinicAssignment,
  type DocumentDetail,
  type DocumentsPage,
  type DocumentTemplate,
} from '@portal/protocol';
import { auditLog } from '../../../src/db/schema/index.ts';
import {
  addPatient,
  assign,
  failureCodeOf,
  expectCode,
  makePdf,
  SIGNATURE_FIELDS,
  startDocumentsWorld,
  uploadTemplate,
  type DocumentsWorld,
} from '../../../testing/documents.ts';

const HOUR = 3600_000;

describe('the clinic side of documents', () => {
  let w: DocumentsWorld;
  let template: DocumentTemplate;

  beforeAll(async () => {
    w = await startDocumentsWorld();
    template = await uploadTemplate(w.admin, { fields: SIGNATURE_FIELDS, pdf: await makePdf(2) });
  });
  afterAll(() => w.t.close());

  const inHours = (hours: number) => new Date(w.t.clock.now().getTime() + hours * HOUR).toISOString();
  const upload = (pdf: Uint8Array) =>
    w.admin.post(
      '/admin/documents/templates/',
      { kind: 'signature', title: 'A form', pdf_base64: Buffer.from(pdf).toString('base64') },
      { encrypt: true },
    );

  it('keeps an uploaded PDF with its hash, size and page count', async () => {
    expect(template).toMatchObject({ kind: 'signature', page_count: 2, fields: SIGNATURE_FIELDS });
    expect(template.sha256).toMatch(/^[0-9a-f]{64}$/);
    const { items } = await w.admin.get<{ items: DocumentTemplate[] }>('/admin/documents/templates/');
    expect(items.map((t) => t.id)).toContain(template.id);
  });

  it("judges the file by its content: 'File type is incorrect' (10415) for anything but a readable PDF", async () => {
    await expectCode(upload(Buffer.from('just some text, named form.pdf')), Codes.fileType);
    await expectCode(upload(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])), Codes.fileType);
    await expectCode(upload(Buffer.from('%PDF-1.7\nthis is not really a PDF')), Codes.fileType);
  });

  it('refuses a PDF over the 10 MB cap with 10413, and nothing is stored', async () => {
    const before = (await w.admin.get<{ items: DocumentTemplate[] }>('/admin/documents/templates/')).items
      .length;
    const big = Buffer.alloc(MAX_DOCUMENT_BYTES + 1, 0x20);
    big.write('%PDF-1.7\n');
    await expectCode(upload(big), Codes.tooLarge);
    const after = (await w.admin.get<{ items: DocumentTemplate[] }>('/admin/documents/templates/')).items
      .length;
    expect(after).toBe(before);
  });

  it('refuses fields on pages the PDF does not have', async () => {
    const call = w.admin.post('/admin/documents/templates/fields/', {
      id: template.id,
      fields: [{ kind: 'signature', page: 3, x: 10, y: 10, width: 100, height: 40 }],
    });
    expect(await failureCodeOf(call)).toBe(Codes.validation);
  });

  it('refuses assignments that make no sense, naming the field, and assigns nothing', async () => {
    const reference = await uploadTemplate(w.admin, { kind: 'reference', title: 'Device care guide' });
    const body = (extra: object) => ({ template_id: template.id, patient_ids: [w.patientId], ...extra });
    const post = (extra: object) =>
      w.admin.post('/admin/documents/assignments/', body(extra), { encrypt: true });
    for (const [extra, path] of [
      [{ template_id: reference.id }, 'template_id'],
      [{ due_at: new Date(Date.now() - HOUR).toISOString() }, 'due_at'],
      [{ patient_ids: [w.patientId, crypto.randomUUID()] }, 'patient_ids.1'],
    ] as const) {
      const error = await post(extra).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: Codes.validation, errors: [expect.objectContaining({ path })] });
    }
    const list = await w.admin.get<{ items: ClinicAssignment[] }>('/admin/documents/assignments/', {
      patient_id: w.otherId,
    });
    expect(list.items).toHaveLength(0);
  });

  it('assigns to several patients at once and e-mails each without naming the document', async () => {
    const mailsBefore = (await w.t.outbox()).length;
    const created = await assign(w.admin, template.id, [w.patientId, w.otherId], { due_at: inHours(24 * 7) });
    expect(created.map((a) => a.status)).toEqual(['pending_signature', 'pending_signature']);
    const mails = (await w.t.outbox()).slice(mailsBefore);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail).toContain('awaits your signature');
      expect(mail).toContain('/welcome/documents');
      expect(mail).not.toContain(template.title);
    }
  });

  it("lists a patient's documents with counts per status, filters by status and kind, and includes reference documents", async () => {
    const patient = await addPatient(w.t, 'Jordan');
    const [draft] = await assign(w.admin, template.id, [patient.id], { send: false });
    const second = await uploadTemplate(w.admin, { title: 'Consent to video visits' });
    await assign(w.admin, second.id, [patient.id]);
    const reference = await uploadTemplate(w.admin, { kind: 'reference', title: 'Cleaning your device' });

    const all = await patient.client.get<DocumentsPage>('/patient/documents/');
    expect(all.counts).toMatchObject({ draft: 1, pending_signature: 1, signed: 0, expired: 0 });
    expect(all.items.filter((d) => d.kind === 'signature')).toHaveLength(2);
    expect(all.items.find((d) => d.id === reference.id)).toMatchObject({ kind: 'reference', status: null });
    expect(all.items.find((d) => d.id === draft!.id)?.actions).toEqual(['submit']);

    const drafts = await patient.client.get<DocumentsPage>('/patient/documents/', { status: 'draft' });
    expect(drafts.items.map((d) => d.id)).toEqual([draft!.id]);
    const references = await patient.client.get<DocumentsPage>('/patient/documents/', { kind: 'reference' });
    expect(references.items.every((d) => d.kind === 'reference')).toBe(true);
    await expectCode(patient.client.get('/patient/documents/', { status: 'lost' }), Codes.validation);

    const read = await w.other.get<DocumentDetail>('/patient/document/', { id: reference.id });
    expect(Buffer.from(read.pdf_base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const audits = await w.t.portal.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `document_templates:${reference.id}`));
    expect(audits.map((a) => a.action)).toContain('document.download');

    const clinicView = await w.admin.get<{ items: ClinicAssignment[] }>('/admin/documents/assignments/', {
      patient_id: patient.id,
    });
    expect(clinicView.items).toHaveLength(2);
  });

  const ADMIN_ROUTES = [
    { method: 'POST', path: '/admin/documents/templates/' },
    { method: 'GET', path: '/admin/documents/templates/' },
    { method: 'POST', path: '/admin/documents/templates/fields/' },
    { method: 'POST', path: '/admin/documents/assignments/' },
    { method: 'GET', path: '/admin/documents/assignments/' },
    { method: 'GET', path: '/admin/documents/assignment/' },
    { method: 'POST', path: '/admin/documents/assignment/action/' },
    { method: 'GET', path: '/admin/documents/assignment/pdf/' },
  ] as const;

  it('refuses every clinic route to a patient (10403) and to a caller without a token (10401)', async () => {
    const anonymous = w.t.client();
    await anonymous.handshake();
    for (const route of ADMIN_ROUTES) {
      const asPatient = await w.patient.send({ ...route, body: route.method === 'POST' ? {} : undefined });
      expect(asPatient.body, `${route.method} ${route.path}`).toMatchObject({ code: Codes.forbidden });
      const asNobody = await anonymous.send({ ...route, body: route.method === 'POST' ? {} : undefined });
      expect(asNobody.body, `${route.method} ${route.path}`).toMatchObject({ code: Codes.sessionExpired });
    }
  });
});
