import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  ApiError,
  Codes,
  DOCUMENT_CONFLICTS,
  STAFF_PRESETS,
  type ClinicAssignment,
  type ClinicThread,
  type DocumentTemplate,
  type InboxPage,
  type PatientDocument,
  type PatientThread,
  type StaffNotifications,
} from '@portal/protocol';
import { documentAssignments } from '../../../src/db/schema/index.ts';
import {
  addPatient,
  addStaff,
  assign,
  expectCode,
  SIGNATURE_FIELDS,
  startDocumentsWorld,
  uploadTemplate,
  type DocumentsWorld,
} from '../../../testing/documents.ts';

const REASON = 'I would like to discuss the risks with Dr Lee first.';

describe('declines and duplicate sends', () => {
  let w: DocumentsWorld;
  let template: DocumentTemplate;

  beforeAll(async () => {
    w = await startDocumentsWorld();
    template = await uploadTemplate(w.admin, { fields: SIGNATURE_FIELDS, title: 'Consent to video visits' });
  });
  afterAll(() => w.t.close());

  const rowsOf = async (patientId: string, templateId: string) => {
    const [row] = await w.t.portal.ctx.db
      .select({ n: count() })
      .from(documentAssignments)
      .where(
        and(eq(documentAssignments.patientId, patientId), eq(documentAssignments.templateId, templateId)),
      );
    return row!.n;
  };

  const failure = async (call: Promise<unknown>): Promise<ApiError> => {
    const error = await call.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  };

  const decline = (client: DocumentsWorld['patient'], id: string, reason = REASON) =>
    client.post<PatientDocument>('/patient/sign/', { id, action: 'reject', reason }, { encrypt: true });

  it('refuses to send a template the patient has open, in each open status, with 10409 and a clear message', async () => {
    const fresh = await uploadTemplate(w.admin, { title: 'Open statuses' });
    const patient = await addPatient(w.t, 'Jordan');
    // In progress (draft), then awaiting signature.
    const [draft] = await assign(w.admin, fresh.id, [patient.id], { send: false });
    let error = await failure(assign(w.admin, fresh.id, [patient.id]));
    expect(error.code).toBe(Codes.conflict);
    expect(error.message).toBe(DOCUMENT_CONFLICTS.alreadyOpen);
    expect(error.errors).toEqual([{ path: 'patient_ids.0', message: DOCUMENT_CONFLICTS.alreadyOpen }]);
    await w.admin.post(
      '/admin/documents/assignment/action/',
      { id: draft!.id, action: 'send' },
      { encrypt: true },
    );
    await expectCode(assign(w.admin, fresh.id, [patient.id]), Codes.conflict);
    expect(await rowsOf(patient.id, fresh.id)).toBe(1);
    // Once the patient has declined it, it is no longer open: the clinic may send it again.
    await decline(patient.client, draft!.id);
    const [again] = await assign(w.admin, fresh.id, [patient.id], { send: false });
    // Submitted (a draft the patient handed in) is open too.
    await patient.client.post(
      '/patient/sign/',
      { id: again!.id, action: 'submit', consent: true, signature: { kind: 'typed', text: 'Jordan Tester' } },
      { encrypt: true },
    );
    error = await failure(assign(w.admin, fresh.id, [patient.id]));
    expect(error.code).toBe(Codes.conflict);
  });

  it('refuses a bulk send naming every patient who has it open, and assigns nobody', async () => {
    const bulk = await uploadTemplate(w.admin, { title: 'Bulk consent' });
    const a = await addPatient(w.t, 'Ana');
    const b = await addPatient(w.t, 'Ben');
    const c = await addPatient(w.t, 'Cai');
    await assign(w.admin, bulk.id, [b.id]);
    const error = await failure(assign(w.admin, bulk.id, [a.id, b.id, c.id]));
    expect(error.code).toBe(Codes.conflict);
    expect(error.errors).toEqual([{ path: 'patient_ids.1', message: DOCUMENT_CONFLICTS.alreadyOpen }]);
    expect(await rowsOf(a.id, bulk.id)).toBe(0);
    expect(await rowsOf(c.id, bulk.id)).toBe(0);
    expect(await rowsOf(b.id, bulk.id)).toBe(1);
  });

  it('lets exactly one of several parallel sends of the same template through', async () => {
    const raced = await uploadTemplate(w.admin, { title: 'Raced consent' });
    const patient = await addPatient(w.t, 'Rae');
    const other = await addPatient(w.t, 'Sol');
    const results = await Promise.allSettled([
      assign(w.admin, raced.id, [patient.id]),
      assign(w.admin, raced.id, [patient.id, other.id]),
      assign(w.admin, raced.id, [other.id]),
      assign(w.admin, raced.id, [patient.id]),
    ]);
    const refused = results.filter((r) => r.status === 'rejected');
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: Codes.conflict });
    expect(await rowsOf(patient.id, raced.id)).toBe(1);
    expect(await rowsOf(other.id, raced.id)).toBe(1);
  });

  it('tells the clinic inbox of a decline with its reason, not the patient; e-mails only staff who opted in, without PHI', async () => {
    const patient = await addPatient(w.t, 'Quinn');
    const optedIn = await addStaff(w.t, STAFF_PRESETS.clinician, { notifyDocumentDeclines: true });
    const quiet = await addStaff(w.t, STAFF_PRESETS.clinician);
    const noDocuments = await addStaff(w.t, ['read_chart'], { notifyDocumentDeclines: true });
    const [sent] = await assign(w.admin, template.id, [patient.id]);
    const mailsBefore = (await w.t.outbox()).length;

    await decline(patient.client, sent!.id);

    const inbox = await w.admin.get<InboxPage>('/admin/messages/');
    const listed = inbox.items.find((i) => i.patient.id === patient.id)!;
    expect(listed.unread).toBe(1);
    const thread = await w.admin.get<ClinicThread>('/admin/messages/thread/', { id: listed.id });
    expect(thread.messages).toHaveLength(1);
    expect(thread.messages[0]).toMatchObject({
      author: 'system',
      body: '',
      notice: { kind: 'document_declined', assignment_id: sent!.id, title: template.title, reason: REASON },
    });
    const own = await patient.client.get<PatientThread>('/patient/messages/');
    expect(own.messages).toEqual([]);

    const mails = (await w.t.outbox()).slice(mailsBefore);
    const declineMails = mails.filter((m) => /declined a document/.test(m));
    expect(declineMails).toHaveLength(1);
    expect(declineMails[0]).toContain(optedIn.email);
    expect(declineMails[0]).not.toContain(quiet.email);
    expect(declineMails[0]).not.toContain(noDocuments.email);
    for (const text of [REASON, template.title, 'Quinn', patient.id, sent!.id]) {
      expect(declineMails[0]).not.toContain(text);
    }
    expect(declineMails[0]).toContain('queue=3Ddeclined_documents');
  });

  it('keeps the e-mail choice per staff member, for those who manage documents only', async () => {
    const staff = await addStaff(w.t, STAFF_PRESETS.front_desk);
    expect(await staff.client.get<StaffNotifications>('/account/notifications/')).toEqual({
      document_declined: false,
    });
    await staff.client.post('/account/notifications/', { document_declined: true });
    expect(await staff.client.get<StaffNotifications>('/account/notifications/')).toEqual({
      document_declined: true,
    });
    const chartOnly = await addStaff(w.t, ['read_chart']);
    await expectCode(chartOnly.client.get('/account/notifications/'), Codes.forbidden);
    await expectCode(w.patient.get('/account/notifications/'), Codes.forbidden);
  });

  it('re-sends a declined document once, as a new assignment linked to it', async () => {
    const patient = await addPatient(w.t, 'Remy');
    const [sent] = await assign(w.admin, template.id, [patient.id]);
    const resend = (id: string) =>
      w.admin.post<ClinicAssignment>('/admin/documents/assignment/resend/', { id }, { encrypt: true });
    let error = await failure(resend(sent!.id));
    expect(error).toMatchObject({ code: Codes.conflict, message: DOCUMENT_CONFLICTS.notResendable });

    await decline(patient.client, sent!.id);
    const again = await resend(sent!.id);
    expect(again).toMatchObject({
      template_id: template.id,
      patient_id: patient.id,
      status: 'pending_signature',
      resent_from_id: sent!.id,
      rejection_reason: null,
    });
    expect(again.events.map((e) => e.action)).toEqual(['resend', 'send']);
    error = await failure(resend(sent!.id));
    expect(error).toMatchObject({ code: Codes.conflict, message: DOCUMENT_CONFLICTS.alreadyResent });
    await expectCode(resend(crypto.randomUUID()), Codes.itemsNotFound);
    // The patient sees one open copy, and the declined one with its reason.
    const mine = await patient.client.get<{ items: PatientDocument[] }>('/patient/documents/');
    expect(mine.items.filter((d) => d.status === 'pending_signature')).toHaveLength(1);
  });

  it('refuses a re-send by staff who do not manage documents (10403)', async () => {
    const patient = await addPatient(w.t, 'Tao');
    const [sent] = await assign(w.admin, template.id, [patient.id]);
    await decline(patient.client, sent!.id);
    const clinicianWithoutDocuments = await addStaff(w.t, ['read_chart', 'review_intake']);
    await expectCode(
      clinicianWithoutDocuments.client.post(
        '/admin/documents/assignment/resend/',
        { id: sent!.id },
        { encrypt: true },
      ),
      Codes.forbidden,
    );
  });

  it('lets the clinic withdraw (cancel) a declined request, keeping the decline in its history', async () => {
    const patient = await addPatient(w.t, 'Uma');
    const [sent] = await assign(w.admin, template.id, [patient.id]);
    await decline(patient.client, sent!.id);
    const after = await w.admin.post<ClinicAssignment>(
      '/admin/documents/assignment/action/',
      { id: sent!.id, action: 'cancel' },
      { encrypt: true },
    );
    expect(after.status).toBe('cancelled');
    expect(after.rejection_reason).toBe(REASON);
    expect(after.events.map((e) => e.action)).toEqual(['assign', 'send', 'reject', 'cancel']);
  });
});
