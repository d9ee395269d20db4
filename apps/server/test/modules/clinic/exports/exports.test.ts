import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PDFDocument } from 'pdf-lib';
import type { Bundle, Resource } from '@medplum/fhirtypes';
import { Codes, INTAKE_RESOURCE_NAMES, STAFF_PRESETS, type ChartPdf } from '@portal/protocol';
import { type PortalClient } from '@portal/protocol/testing';
import { auditLog } from '../../../../src/db/schema/index.ts';
import { validateFhir } from '../../../../testing/fhir-validator.ts';
import { SAMPLE_COVERAGE, SAMPLE_INTAKE } from '../../../../testing/intake-samples.ts';
import { answersTotalling, BF_ADL, submission } from '../../../../testing/assessment.ts';
import * as documentsKit from '../../../../testing/documents.ts';

/** Every text item pdf.js finds, page by page, joined. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return pages.join('\n');
}

describe('exports for the clinic’s record', () => {
  let w: documentsKit.DocumentsWorld;
  let clinician: { id: string; client: PortalClient };
  let patient: { id: string; client: PortalClient };
  const REASON = '我想先和医生谈谈。';

  beforeAll(async () => {
    w = await documentsKit.startDocumentsWorld();
    clinician = await documentsKit.addStaff(w.t, STAFF_PRESETS.clinician, { firstName: 'Lee' });
    patient = await documentsKit.addPatient(w.t, '小梅');
    const values = {
      ...SAMPLE_INTAKE,
      profile: { ...SAMPLE_INTAKE.profile, first_name: '小梅', last_name: '王' },
      medical_history: {
        ...SAMPLE_INTAKE.medical_history,
        allergies: [{ substance: 'Penicillin', reaction: 'Anaphylaxis', severity: 'severe' }],
      },
    };
    for (const name of INTAKE_RESOURCE_NAMES) {
      const { version } = await patient.client.get<{ version: number }>(`/patient/${name}/`);
      await patient.client.post(`/patient/${name}/`, { version, value: values[name] }, { encrypt: true });
    }
    await patient.client.post(
      '/patient/insurance/',
      { version: 0, value: SAMPLE_COVERAGE },
      { encrypt: true },
    );
    await patient.client.post(BF_ADL, submission(answersTotalling(85)), { encrypt: true });
    const template = await documentsKit.uploadTemplate(w.admin, { title: 'Consent to video visits' });
    const [sent] = await documentsKit.assign(w.admin, template.id, [patient.id]);
    await patient.client.post(
      '/patient/sign/',
      { id: sent!.id, action: 'reject', reason: REASON },
      { encrypt: true },
    );
  });
  afterAll(() => w.t.close());

  const exportRows = (format: string) =>
    w.t.portal.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'chart.export'),
          eq(auditLog.actorId, clinician.id),
          eq(auditLog.subjectId, patient.id),
        ),
      )
      .then((rows) => rows.filter((r) => JSON.stringify(r.detail).includes(`"format":"${format}"`)));

  it('exports the record as a FHIR R4 Bundle that validates, with the patient’s own mapping; audited', async () => {
    const bundle = await clinician.client.get<Bundle>(`/admin/patients/${patient.id}/export/fhir/`);
    expect(() => validateFhir(bundle)).not.toThrow();
    for (const entry of bundle.entry ?? [])
      expect(() => validateFhir(entry.resource as Resource)).not.toThrow();
    const own = await patient.client.get<Bundle>('/patient/export/fhir/');
    // Decision 0036: the same resources with the same ids, whoever exports them.
    expect(bundle.entry).toEqual(own.entry);
    const types = new Set((bundle.entry ?? []).map((e) => e.resource?.resourceType));
    for (const type of ['Patient', 'AllergyIntolerance', 'Coverage', 'QuestionnaireResponse'])
      expect(types).toContain(type);
    expect(await exportRows('fhir')).toHaveLength(1);
  });

  it('prints a PDF summary in English with the patient’s values, and in Chinese with CJK text; audited', async () => {
    const gb = await clinician.client.get<ChartPdf>(`/admin/patients/${patient.id}/export/pdf/`, {
      locale: 'gb',
    });
    const gbBytes = Buffer.from(gb.pdf_base64, 'base64');
    expect((await PDFDocument.load(gbBytes)).getPageCount()).toBeGreaterThanOrEqual(1);
    const gbText = await pdfText(gbBytes);
    for (const value of [
      'Patient summary',
      '王小梅',
      '1958-04-12',
      'Penicillin',
      'SEVERE',
      'Anaphylaxis',
      '1EG4-TE5-MK73',
      'Paracetamol',
      'Dr Ada Okafor',
      // Phones as the clinic's staff dial them, not as stored (+447700900123).
      'Mobile: 07700 900123',
      '0117 900 0000',
      'Consent to video visits',
      'Rejected',
      REASON,
      '85 points',
    ]) {
      expect(gbText).toContain(value);
    }
    const cn = await clinician.client.get<ChartPdf>(`/admin/patients/${patient.id}/export/pdf/`, {
      locale: 'cn',
    });
    const cnText = await pdfText(Buffer.from(cn.pdf_base64, 'base64'));
    for (const value of ['患者摘要', '王小梅', '过敏', '重度', 'Penicillin', '已拒绝', REASON, '85 分']) {
      expect(cnText).toContain(value);
    }
    const rows = await exportRows('pdf');
    expect(rows.map((r) => (r.detail as { locale: string }).locale)).toEqual(['gb', 'cn']);
  });

  it('needs read_chart, and answers 10404 for an id that is not a patient', async () => {
    const frontDesk = await documentsKit.addStaff(w.t, STAFF_PRESETS.front_desk);
    await documentsKit.expectCode(
      frontDesk.client.get(`/admin/patients/${patient.id}/export/fhir/`),
      Codes.forbidden,
    );
    await documentsKit.expectCode(
      frontDesk.client.get(`/admin/patients/${patient.id}/export/pdf/`),
      Codes.forbidden,
    );
    await documentsKit.expectCode(
      patient.client.get(`/admin/patients/${patient.id}/export/pdf/`),
      Codes.forbidden,
    );
    await documentsKit.expectCode(
      clinician.client.get(`/admin/patients/${crypto.randomUUID()}/export/fhir/`),
      Codes.itemsNotFound,
    );
    await documentsKit.expectCode(
      clinician.client.get(`/admin/patients/${clinician.id}/export/pdf/`),
      Codes.itemsNotFound,
    );
    await documentsKit.expectCode(
      clinician.client.get(`/admin/patients/not-a-uuid/export/pdf/`),
      Codes.validation,
    );
  });
});
