import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  Codes,
  type ClinicAssignment,
  type DocumentDetail,
  type DocumentPdf,
  type PatientDocument,
  type SigningSession,
} from '@portal/protocol';
import { auditLog } from '../../../src/db/schema/index.ts';
import { sha256Hex } from '../../../src/db/document-files.ts';
import {
  assign,
  expectCode,
  pdfsig,
  SIGNATURE_FIELDS,
  signDrawn,
  startDocumentsWorld,
  uploadTemplate,
  type DocumentsWorld,
} from '../../../testing/documents.ts';

const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600_000).toISOString();

describe('signing a document', () => {
  let w: DocumentsWorld;

  beforeAll(async () => {
    w = await startDocumentsWorld();
  });
  afterAll(() => w.t.close());

  /** Each of its own template: the patient may hold a template open only once. */
  async function pendingDocument(): Promise<ClinicAssignment> {
    const templateId = (await uploadTemplate(w.admin, { fields: SIGNATURE_FIELDS })).id;
    const [assignment] = await assign(w.admin, templateId, [w.patientId], { due_at: inDays(7) });
    return assignment!;
  }

  it('gives a drawn signature a signed PDF that pdfsig reports valid and unmodified, with an audit certificate', async () => {
    const { id } = await pendingDocument();
    const session = await w.patient.get<SigningSession>('/patient/sign/', { id });
    expect(session.fields).toEqual(SIGNATURE_FIELDS);
    expect(session.consent_text).toMatch(/sign it electronically/);
    expect(session.signer_name).toBe('Morgan Tester');

    const started = performance.now();
    const after = await signDrawn(w.patient, id);
    const signingMs = performance.now() - started;
    expect(after).toMatchObject({ id, status: 'signed', signed: true, actions: [] });

    const detail = await w.patient.get<DocumentDetail>('/patient/document/', { id });
    expect(detail.file).toBe('signed');
    expect(detail.signed_on_behalf_by).toBeNull();
    const pdf = Buffer.from(detail.pdf_base64, 'base64');
    expect(sha256Hex(pdf)).toBe(detail.sha256);
    const report = await pdfsig(w.t.dataDir, pdf);
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Total document signed');

    const file = path.join(w.t.dataDir, 'certificate.pdf');
    await writeFile(file, pdf);
    const { stdout: text } = await promisify(execFile)('pdftotext', ['-layout', file, '-']);
    expect(text).toContain('Audit certificate');
    expect(text).toContain('Morgan Tester');
    expect(text).toContain('127.0.0.1');
    expect(text).toMatch(/patient: sign \(pending_signature -> signed\)/);
    expect(text).toMatch(/clinic: send \(draft -> pending_signature\)/);
    expect(text).toMatch(/before this certificate\s+page was added/);

    const download = await w.admin.get<DocumentPdf>('/admin/documents/assignment/pdf/', { id });
    expect(download.sha256).toBe(detail.sha256);
    expect(download.filename).toBe('consent-to-device-therapy-signed.pdf');
    const assignment = await w.admin.get<ClinicAssignment>('/admin/documents/assignment/', { id });
    expect(assignment.signed_sha256).toBe(detail.sha256);

    const downloads = await w.t.portal.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'document.download'));
    expect(downloads.length).toBeGreaterThanOrEqual(2);
    console.warn(`signed PDF: ${pdf.length} bytes, signing took ${Math.round(signingMs)} ms`);
  });

  it('signs with a typed name', async () => {
    const { id } = await pendingDocument();
    const after = await w.patient.post<PatientDocument>(
      '/patient/sign/',
      { id, action: 'sign', consent: true, signature: { kind: 'typed', text: 'Morgan Tester' } },
      { encrypt: true },
    );
    expect(after.status).toBe('signed');
    const detail = await w.patient.get<DocumentDetail>('/patient/document/', { id });
    expect(await pdfsig(w.t.dataDir, Buffer.from(detail.pdf_base64, 'base64'))).toContain(
      'Signature is Valid',
    );
  });

  it('records a rejection with its reason, shown to the patient and the clinic', async () => {
    const { id } = await pendingDocument();
    const after = await w.patient.post<PatientDocument>(
      '/patient/sign/',
      { id, action: 'reject', reason: 'I would like to discuss the risks with my doctor first.' },
      { encrypt: true },
    );
    expect(after).toMatchObject({
      status: 'rejected',
      rejection_reason: 'I would like to discuss the risks with my doctor first.',
    });
    const seen = await w.admin.get<ClinicAssignment>('/admin/documents/assignment/', { id });
    expect(seen.rejection_reason).toBe('I would like to discuss the risks with my doctor first.');
    expect(seen.events.at(-1)).toMatchObject({ action: 'reject', actor: 'patient', ip: '127.0.0.1' });
  });

  it('refuses to sign without consent, without a reason to reject, or with an image that is not a PNG', async () => {
    const { id } = await pendingDocument();
    const sign = (body: object) => w.patient.post('/patient/sign/', { id, ...body }, { encrypt: true });
    await expectCode(
      sign({ action: 'sign', consent: false, signature: { kind: 'typed', text: 'M' } }),
      Codes.validation,
    );
    await expectCode(sign({ action: 'sign', consent: true }), Codes.validation);
    await expectCode(sign({ action: 'reject', reason: '  ' }), Codes.validation);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]).toString('base64');
    await expectCode(
      sign({ action: 'sign', consent: true, signature: { kind: 'drawn', png_base64: jpeg } }),
      Codes.fileType,
    );
    const after = await w.patient.get<DocumentDetail>('/patient/document/', { id });
    expect(after.status).toBe('pending_signature');
  });

  it("answers 'Items not found' for another patient's document, on every patient route", async () => {
    const { id } = await pendingDocument();
    await expectCode(w.other.get('/patient/document/', { id }), Codes.itemsNotFound);
    await expectCode(w.other.get('/patient/sign/', { id }), Codes.itemsNotFound);
    await expectCode(
      w.other.post('/patient/sign/', { id, action: 'reject', reason: 'not mine' }, { encrypt: true }),
      Codes.itemsNotFound,
    );
    await expectCode(w.patient.get('/patient/document/', { id: crypto.randomUUID() }), Codes.itemsNotFound);
    await expectCode(w.patient.get('/patient/document/', { id: 'not-a-uuid' }), Codes.validation);
  });

  it('refuses an administrator on patient routes (10403)', async () => {
    const { id } = await pendingDocument();
    await expectCode(w.admin.get('/patient/documents/'), Codes.forbidden);
    await expectCode(w.admin.get('/patient/document/', { id }), Codes.forbidden);
    await expectCode(w.admin.get('/patient/sign/', { id }), Codes.forbidden);
    await expectCode(
      w.admin.post('/patient/sign/', { id, action: 'reject', reason: 'x' }, { encrypt: true }),
      Codes.forbidden,
    );
  });

  it('leaves exactly one outcome when signing and cancelling race', async () => {
    for (let round = 0; round < 3; round++) {
      const { id } = await pendingDocument();
      const results = await Promise.allSettled([
        w.patient.post(
          '/patient/sign/',
          { id, action: 'sign', consent: true, signature: { kind: 'typed', text: 'Morgan Tester' } },
          { encrypt: true },
        ),
        w.admin.post('/admin/documents/assignment/action/', { id, action: 'cancel' }, { encrypt: true }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const loser = results.find((r) => r.status === 'rejected');
      expect((loser as PromiseRejectedResult).reason).toMatchObject({ code: Codes.conflict });
      const final = await w.admin.get<ClinicAssignment>('/admin/documents/assignment/', { id });
      expect(['signed', 'cancelled']).toContain(final.status);
      expect(final.version).toBe(3);
      expect(
        final.events.filter((e) => e.to_status === 'signed' || e.to_status === 'cancelled'),
      ).toHaveLength(1);
      expect(final.signed_sha256 !== null).toBe(final.status === 'signed');
    }
  });
});
