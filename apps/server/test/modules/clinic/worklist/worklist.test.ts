import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  BF_ADL_INSTRUMENT,
  Codes,
  DOCUMENT_DUE_SOON_DAYS,
  INTAKE_RESOURCE_NAMES,
  ORDER_QUEUES,
  STAFF_PRESETS,
  WORKLIST_COUNT_CAP,
  WORKLIST_PAGE_SIZE,
  type ClinicAssignment,
  type WorklistQuery,
} from '@portal/protocol';
import { type PortalClient } from '@portal/protocol/testing';
import { assessmentLatest, auditLog, users } from '../../../../src/db/schema/index.ts';
import { definitionOf } from '../../../../src/modules/assessment/index.ts';
import { answersTotalling, BF_ADL, submission } from '../../../../testing/assessment.ts';
import { insertUsers } from '../../../../testing/admin.ts';
import {
  addPatient,
  addStaff,
  assign,
  expectCode,
  startDocumentsWorld,
  uploadTemplate,
  type DocumentsWorld,
} from '../../../../testing/documents.ts';
import { SAMPLE_INTAKE } from '../../../../testing/intake-samples.ts';
import { readWorklist as worklist } from '../../../../testing/worklist.ts';

/** Every intake section saved whole, no insurance: enough to hand in. */
async function fillIntake(patient: PortalClient): Promise<void> {
  for (const name of INTAKE_RESOURCE_NAMES) {
    const { version } = await patient.get<{ version: number }>(`/patient/${name}/`);
    await patient.post(`/patient/${name}/`, { version, value: SAMPLE_INTAKE[name] }, { encrypt: true });
  }
}
const handIn = (patient: PortalClient) =>
  patient.post('/patient/intake/submit/', { no_insurance: true }, { encrypt: true });

const DAY = 24 * 3600_000;

describe('the worklist', () => {
  let w: DocumentsWorld;
  let clinician: PortalClient;
  const ids: Record<string, string> = {};
  let declinedId = '';
  let wren: PortalClient;

  const idsIn = async (queue: WorklistQuery['queue'], client = clinician) =>
    (await worklist(client, { queue })).items.map((row) => row.patient.id);
  const inAdays = (days: number) => new Date(w.t.clock.now().getTime() + days * DAY).toISOString();

  beforeAll(async () => {
    w = await startDocumentsWorld();
    clinician = (await addStaff(w.t, STAFF_PRESETS.clinician)).client;
    const db = w.t.portal.ctx.db;
    const patient = async (name: string) => {
      const p = await addPatient(w.t, name);
      ids[name] = p.id;
      return p;
    };

    // Intake: handed in and not reviewed; re-submitted after a change request; reviewed.
    const fresh = await patient('Ines');
    await fillIntake(fresh.client);
    await handIn(fresh.client);
    const again = await patient('Rafa');
    await fillIntake(again.client);
    await handIn(again.client);
    const review = (id: string, body: object) =>
      clinician.post(`/admin/patients/${id}/review/`, body, { encrypt: true });
    await review(again.id, {
      outcome: 'changes_requested',
      sections: ['contact'],
      note: 'Please check the phone number.',
    });
    await handIn(again.client);
    const done = await patient('Dana');
    await fillIntake(done.client);
    await handIn(done.client);
    await review(done.id, { outcome: 'reviewed' });

    // BF-ADL: answered 100 days ago (due again), answered today twice with a fall (flagged), steady.
    const old = await patient('Olga');
    await old.client.post(BF_ADL, submission(answersTotalling(80)), { encrypt: true });
    await db
      .update(assessmentLatest)
      .set({ submittedAt: sql`${assessmentLatest.submittedAt} - interval '100 days'` })
      .where(eq(assessmentLatest.userId, old.id));
    const falling = await patient('Fern');
    await falling.client.post(BF_ADL, submission(answersTotalling(95)), { encrypt: true });
    await falling.client.post(BF_ADL, submission(answersTotalling(80)), { encrypt: true });
    const steady = await patient('Stan');
    await steady.client.post(BF_ADL, submission(answersTotalling(80)), { encrypt: true });
    await steady.client.post(BF_ADL, submission(answersTotalling(75)), { encrypt: true });

    // Documents: due within the window, due later, declined (one re-sent, one withdrawn).
    const template = await uploadTemplate(w.admin, { title: 'Consent to video visits' });
    const soon = await patient('Sunny');
    await assign(w.admin, template.id, [soon.id], { due_at: inAdays(DOCUMENT_DUE_SOON_DAYS - 1) });
    const later = await patient('Lars');
    await assign(w.admin, template.id, [later.id], { due_at: inAdays(DOCUMENT_DUE_SOON_DAYS + 5) });
    for (const name of ['Dee', 'Rhea', 'Cole']) {
      const p = await patient(name);
      const [sent] = await assign(w.admin, template.id, [p.id]);
      await p.client.post(
        '/patient/sign/',
        { id: sent!.id, action: 'reject', reason: `${name} wants to talk first` },
        { encrypt: true },
      );
      if (name === 'Dee') declinedId = sent!.id;
      if (name === 'Rhea')
        await w.admin.post('/admin/documents/assignment/resend/', { id: sent!.id }, { encrypt: true });
      if (name === 'Cole')
        await w.admin.post(
          '/admin/documents/assignment/action/',
          { id: sent!.id, action: 'cancel' },
          { encrypt: true },
        );
    }

    // Messages: two unread from one patient, one read from another.
    wren = (await patient('Wren')).client;
    await wren.post('/patient/messages/', { text: 'My knee hurts' }, { encrypt: true });
    await wren.post('/patient/messages/', { text: 'Since Monday' }, { encrypt: true });
  });
  afterAll(() => w.t.close());

  it('puts each patient in the intake queues by their newest hand-in and review', async () => {
    const fresh = await idsIn('intake_new');
    expect(fresh).toContain(ids.Ines);
    expect(fresh).not.toContain(ids.Rafa);
    expect(fresh).not.toContain(ids.Dana);
    expect(await idsIn('intake_resubmitted')).toEqual([ids.Rafa]);
  });

  it('lists BF-ADL due (never answered or past the interval) and flagged (the chart’s rule)', async () => {
    const due = await worklist(clinician, { queue: 'bf_adl_due' });
    const dueIds = due.items.map((r) => r.patient.id);
    expect(dueIds).toContain(ids.Olga);
    expect(dueIds).toContain(ids.Ines);
    expect(dueIds).not.toContain(ids.Fern);
    expect(dueIds).not.toContain(ids.Stan);
    expect(due.items.find((r) => r.patient.id === ids.Olga)?.never_answered).toBe(false);
    expect(due.items.find((r) => r.patient.id === ids.Ines)?.never_answered).toBe(true);
    const flagged = await worklist(clinician, { queue: 'bf_adl_flagged' });
    expect(flagged.items.map((r) => [r.patient.id, r.flags])).toEqual([
      [ids.Fern, ['worse_band', 'score_drop']],
    ]);
  });

  it('lists documents close to their due date and declined ones with their reason and row actions', async () => {
    expect(await idsIn('documents_due_soon')).toEqual([ids.Sunny]);
    const declined = await worklist(clinician, { queue: 'declined_documents' });
    expect(declined.items).toHaveLength(1);
    expect(declined.items[0]).toMatchObject({
      patient: { id: ids.Dee, first_name: 'Dee', last_name: 'Tester' },
      document: {
        assignment_id: declinedId,
        title: 'Consent to video visits',
        reason: 'Dee wants to talk first',
      },
    });
    // The decline notice opened the patient's conversation, so the row can open it.
    expect(declined.items[0]!.thread_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lists each conversation once, from its oldest unread message, until someone reads it', async () => {
    const unread = await worklist(clinician, { queue: 'unread_messages' });
    expect(unread.items.map((r) => [r.patient.id, r.unread])).toEqual([[ids.Wren, 2]]);
    // A later conversation, then a newer message in the first: the first still waits longest.
    const later = await addPatient(w.t, 'Zoe');
    w.t.clock.advance(1000);
    await later.client.post('/patient/messages/', { text: 'A question' }, { encrypt: true });
    w.t.clock.advance(1000);
    await wren.post('/patient/messages/', { text: 'And my hip' }, { encrypt: true });
    const rows = async (sort: 'oldest' | 'newest') =>
      (await worklist(clinician, { queue: 'unread_messages', sort })).items.map((r) => [
        r.patient.id,
        r.unread,
      ]);
    expect(await rows('oldest')).toEqual([
      [ids.Wren, 3],
      [later.id, 1],
    ]);
    expect(await rows('newest')).toEqual([
      [later.id, 1],
      [ids.Wren, 3],
    ]);
    expect(unread.items[0]!.at).toBe((await worklist(clinician, { queue: 'unread_messages' })).items[0]!.at);
    for (const row of (await worklist(clinician, { queue: 'unread_messages' })).items)
      await clinician.get('/admin/messages/thread/', { id: row.thread_id! });
    expect(await idsIn('unread_messages')).toEqual([]);
  });

  it('keeps the BF-ADL due time in SQL to the definition’s interval, counted in hours', async () => {
    const [row] = (
      (await w.t.portal.ctx.db.execute(
        sql`select extract(epoch from worklist_bf_adl_interval())::int as seconds`,
      )) as unknown as { rows: { seconds: number }[] }
    ).rows;
    expect(row!.seconds).toBe((definitionOf(BF_ADL_INSTRUMENT).due_interval_days * DAY) / 1000);
  });

  it('drops a deactivated patient from the BF-ADL due queue and takes them back when reactivated', async () => {
    const action = (action: string) =>
      w.admin.post('/admin/users/action/', { id: ids.Olga, action }, { encrypt: true });
    await action('deactivate');
    expect(await idsIn('bf_adl_due')).not.toContain(ids.Olga);
    await action('reactivate');
    expect(await idsIn('bf_adl_due')).toContain(ids.Olga);
  });

  it('counts every queue beside it, matching the rows', async () => {
    const first = await worklist(clinician);
    // Opened without a queue: the first one with something in it.
    expect(first.queue).toBe(first.queues.find((q) => q.count > 0)!.queue);
    expect(first.queues.map((q) => q.queue)).toEqual([
      'intake_new',
      'intake_resubmitted',
      'bf_adl_due',
      'bf_adl_flagged',
      'documents_due_soon',
      'declined_documents',
      'unread_messages',
    ]);
    for (const { queue, count } of first.queues) {
      const page = await worklist(clinician, { queue });
      expect(page.total).toBe(count);
      expect(page.items.length).toBe(Math.min(count, WORKLIST_PAGE_SIZE));
    }
  });

  it('pages a long queue without repeating or losing a patient', async () => {
    await insertUsers(
      w.t,
      Array.from({ length: 30 }, (_, i) => ({
        email: `bulk-${i}@example.com`,
        firstName: `Bulk${i}`,
        lastName: 'Patient',
      })),
    );
    const first = await worklist(clinician, { queue: 'bf_adl_due' });
    expect(first.total).toBeGreaterThan(WORKLIST_PAGE_SIZE);
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(first.total / WORKLIST_PAGE_SIZE); page++) {
      const answer = await worklist(clinician, { queue: 'bf_adl_due', page });
      seen.push(...answer.items.map((r) => r.patient.id));
    }
    expect(seen).toHaveLength(first.total);
    expect(new Set(seen).size).toBe(first.total);
    expect((await worklist(clinician, { queue: 'bf_adl_due', page: 99 })).items).toEqual([]);
    // Staff accounts are never in a queue.
    const staff = await w.t.portal.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.roles} @> array['admin']`);
    expect(staff.length).toBeGreaterThan(0);
    for (const { id } of staff) expect(seen).not.toContain(id);
  });

  it('shows each staff member only the queues their permissions open, counts included', async () => {
    const frontDesk = (await addStaff(w.t, STAFF_PRESETS.front_desk)).client;
    const page = await worklist(frontDesk);
    expect(page.queues.map((q) => q.queue)).toEqual([
      'documents_due_soon',
      'declined_documents',
      'unread_messages',
      ...ORDER_QUEUES,
    ]);
    expect(page.queue).toBe('documents_due_soon');
    await expectCode(worklist(frontDesk, { queue: 'intake_new' }), Codes.forbidden);
    await expectCode(worklist(frontDesk, { queue: 'bf_adl_flagged' }), Codes.forbidden);
    const reviewerOnly = (await addStaff(w.t, ['review_intake'])).client;
    expect((await worklist(reviewerOnly)).queues.map((q) => q.queue)).toEqual([
      'intake_new',
      'intake_resubmitted',
    ]);
    const usersOnly = (await addStaff(w.t, ['manage_users'])).client;
    await expectCode(worklist(usersOnly), Codes.forbidden);
    await expectCode(worklist(w.patient), Codes.forbidden);
    await expectCode(worklist(clinician, { queue: 'nope' as never }), Codes.validation);
  });

  it('audits a page with clinical content in each shown patient’s trail', async () => {
    await worklist(clinician, { queue: 'declined_documents' });
    const rows = await w.t.portal.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'worklist.read'), eq(auditLog.subjectId, ids.Dee!)));
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows.at(-1)!.detail)).toContain('declined_documents');
  });

  it('lets a declined row be re-sent, after which it leaves the queue', async () => {
    const again = await w.admin.post<ClinicAssignment>(
      '/admin/documents/assignment/resend/',
      { id: declinedId },
      { encrypt: true },
    );
    expect(again.resent_from_id).toBe(declinedId);
    expect(await idsIn('declined_documents')).toEqual([]);
  });

  it('stops counting a queue at the cap, searched or not, and still pages past it', async () => {
    await insertUsers(
      w.t,
      Array.from({ length: WORKLIST_COUNT_CAP + 10 }, (_, i) => ({
        email: `many-${i}@example.com`,
        firstName: `Many${i}`,
        lastName: 'Patient',
      })),
    );
    const due = await worklist(clinician, { queue: 'bf_adl_due' });
    expect(due.queues.find((q) => q.queue === 'bf_adl_due')!.count).toBe(WORKLIST_COUNT_CAP);
    expect(due.total).toBe(WORKLIST_COUNT_CAP);
    expect(due.queues.find((q) => q.queue === 'intake_new')!.count).toBeLessThan(WORKLIST_COUNT_CAP);
    const searched = await worklist(clinician, { queue: 'bf_adl_due', q: 'many-' });
    expect(searched.total).toBe(WORKLIST_COUNT_CAP);
    const pastTheCap = await worklist(clinician, {
      queue: 'bf_adl_due',
      q: 'many-',
      page: WORKLIST_COUNT_CAP / WORKLIST_PAGE_SIZE + 1,
    });
    expect(pastTheCap.items).toHaveLength(10);
  });
});
