import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Codes, INTAKE_RESOURCE_NAMES, STAFF_PRESETS, type WorklistAssignees } from '@portal/protocol';
import { type PortalClient } from '@portal/protocol/testing';
import { auditLog, users, worklistAssignees } from '../../../../src/db/schema/index.ts';
import { purgeGrowingTables } from '../../../../src/jobs/purge-growing-tables.ts';
import { addPatient, expectCode, type DocumentsWorld } from '../../../../testing/documents.ts';
import { SAMPLE_INTAKE } from '../../../../testing/intake-samples.ts';
import {
  assignWorklistItem as assign,
  readWorklist as worklist,
  startWorklistWorld,
} from '../../../../testing/worklist.ts';

const MINUTE = 60_000;

/** Every intake section saved whole, born on `dateOfBirth`, then handed in. */
async function handInIntake(patient: PortalClient, dateOfBirth: string): Promise<void> {
  for (const name of INTAKE_RESOURCE_NAMES) {
    const { version } = await patient.get<{ version: number }>(`/patient/${name}/`);
    const value =
      name === 'profile' ? { ...SAMPLE_INTAKE.profile, date_of_birth: dateOfBirth } : SAMPLE_INTAKE[name];
    await patient.post(`/patient/${name}/`, { version, value }, { encrypt: true });
  }
  await patient.post('/patient/intake/submit/', { no_insurance: true }, { encrypt: true });
}

describe('worklist search, sort and assignment', () => {
  let w: DocumentsWorld;
  let clinician: { id: string; client: PortalClient };
  let colleague: { id: string; client: PortalClient };
  let frontDesk: { id: string; client: PortalClient };
  const ids: Record<string, string> = {};

  const found = async (q: string, client = clinician.client) =>
    (await worklist(client, { queue: 'intake_new', q })).items.map((row) => row.patient.first_name);

  beforeAll(async () => {
    const world = await startWorklistWorld({
      staff: {
        clinician: { auths: STAFF_PRESETS.clinician, firstName: 'Casey' },
        colleague: { auths: STAFF_PRESETS.clinician, firstName: 'Morgan' },
        // Front desk works the document queues only: no intake permission.
        frontDesk: { auths: ['manage_documents'], firstName: 'Frankie' },
      },
      patients: ['Anna', 'Bert', 'Cleo'],
    });
    ({ w } = world);
    ({ clinician, colleague, frontDesk } = world.staff);
    // Handed in a minute apart: Anna waited longest, Cleo came in last.
    for (const [name, born] of [
      ['Anna', '1950-01-31'],
      ['Bert', '1961-12-05'],
      ['Cleo', '1950-02-01'],
    ] as const) {
      const p = world.patients[name];
      ids[name] = p.id;
      await w.t.portal.ctx.db
        .update(users)
        .set({ lastName: `${name}son` })
        .where(eq(users.id, p.id));
      await handInIntake(p.client, born);
      w.t.clock.advance(MINUTE);
    }
  });
  afterAll(() => w.t.close());

  it('finds a patient by the start of their name, family name or e-mail, and nobody else', async () => {
    expect(await found('ann')).toEqual(['Anna']);
    expect(await found('BERTSON')).toEqual(['Bert']);
    expect(await found('cleo cleo')).toEqual(['Cleo']);
    const [cleo] = await w.t.portal.ctx.db.select().from(users).where(eq(users.id, ids.Cleo!));
    expect(await found(cleo!.email.slice(0, 12))).toEqual(['Cleo']);
    expect(await found('zed')).toEqual([]);
    // A wildcard typed into the box is a character, not a pattern.
    expect(await found('%')).toEqual([]);
    const page = await worklist(clinician.client, { queue: 'intake_new', q: 'ann' });
    expect(page.total).toBe(1);
    expect(page.queues.find((q) => q.queue === 'intake_new')!.count).toBe(3);
  });

  it('finds a patient by date of birth typed the gb way, the cn ways or as ISO', async () => {
    expect(await found('31/01/1950')).toEqual(['Anna']);
    expect(await found('31.1.1950')).toEqual(['Anna']);
    expect(await found('1950-01-31')).toEqual(['Anna']);
    expect(await found('1950年1月31日')).toEqual(['Anna']);
    expect(await found('1950/2/1')).toEqual(['Cleo']);
    expect(await found('05/12/1961')).toEqual(['Bert']);
    expect(await found('01/01/1999')).toEqual([]);
    // 31 February is no date: searched as text, it finds nobody.
    expect(await found('31/02/1950')).toEqual([]);
  });

  it('sorts by waiting time, oldest or newest first', async () => {
    const order = async (sort: 'oldest' | 'newest') =>
      (await worklist(clinician.client, { queue: 'intake_new', sort })).items.map(
        (r) => r.patient.first_name,
      );
    expect(await order('oldest')).toEqual(['Anna', 'Bert', 'Cleo']);
    expect(await order('newest')).toEqual(['Cleo', 'Bert', 'Anna']);
  });

  it('lists who may work a queue, and refuses a queue the caller does not see', async () => {
    const staff = await clinician.client.get<WorklistAssignees>('/admin/worklist/assignees/', {
      queue: 'intake_new',
    });
    const names = staff.items.map((s) => s.first_name);
    expect(names).toEqual(expect.arrayContaining(['Casey', 'Morgan']));
    expect(names).not.toContain('Frankie');
    await expectCode(
      frontDesk.client.get('/admin/worklist/assignees/', { queue: 'intake_new' }),
      Codes.forbidden,
    );
  });

  it('assigns an item, audited, shows the assignee on the row and keeps "assigned to me"', async () => {
    const taken = await assign(clinician.client, {
      queue: 'intake_new',
      patient_id: ids.Bert!,
      assignee_id: colleague.id,
    });
    expect(taken.assignee).toMatchObject({ id: colleague.id, first_name: 'Morgan' });
    const rows = (await worklist(clinician.client, { queue: 'intake_new' })).items;
    expect(rows.find((r) => r.patient.id === ids.Bert)!.assignee).toMatchObject({ id: colleague.id });
    expect(rows.find((r) => r.patient.id === ids.Anna)!.assignee).toBeNull();
    const mine = await worklist(colleague.client, { queue: 'intake_new', mine: 'true' });
    expect(mine.items.map((r) => r.patient.first_name)).toEqual(['Bert']);
    expect(mine.total).toBe(1);
    expect((await worklist(clinician.client, { queue: 'intake_new', mine: 'true' })).items).toEqual([]);
    const audited = await w.t.portal.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'worklist.assign'), eq(auditLog.subjectId, ids.Bert!)));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({
      actorId: clinician.id,
      outcome: 'success',
      detail: { queue: 'intake_new', assignee: colleague.id },
    });
  });

  it('unassigns, audited', async () => {
    await assign(clinician.client, { queue: 'intake_new', patient_id: ids.Cleo!, assignee_id: clinician.id });
    const cleared = await assign(colleague.client, {
      queue: 'intake_new',
      patient_id: ids.Cleo!,
      assignee_id: null,
    });
    expect(cleared.assignee).toBeNull();
    const row = (await worklist(clinician.client, { queue: 'intake_new' })).items.find(
      (r) => r.patient.id === ids.Cleo,
    );
    expect(row!.assignee).toBeNull();
    const audited = await w.t.portal.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'worklist.assign'), eq(auditLog.subjectId, ids.Cleo!)));
    expect(audited.map((a) => a.detail)).toEqual([
      { queue: 'intake_new', assignee: clinician.id },
      { queue: 'intake_new', assignee: null },
    ]);
  });

  it('refuses staff without the queue’s permission (10403), and an assignee or item outside the queue (10404)', async () => {
    await expectCode(
      assign(frontDesk.client, { queue: 'intake_new', patient_id: ids.Anna!, assignee_id: frontDesk.id }),
      Codes.forbidden,
    );
    await expectCode(
      assign(clinician.client, { queue: 'intake_new', patient_id: ids.Anna!, assignee_id: frontDesk.id }),
      Codes.itemsNotFound,
    );
    const outsider = await addPatient(w.t, 'Otto');
    await expectCode(
      assign(clinician.client, { queue: 'intake_new', patient_id: outsider.id, assignee_id: clinician.id }),
      Codes.itemsNotFound,
    );
    const refused = await w.t.portal.ctx.db
      .select()
      .from(worklistAssignees)
      .where(eq(worklistAssignees.patientId, ids.Anna!));
    expect(refused).toEqual([]);
  });

  it('forgets an assignment once its item leaves the queue, and when the patient is deleted', async () => {
    await assign(clinician.client, { queue: 'intake_new', patient_id: ids.Anna!, assignee_id: clinician.id });
    await clinician.client.post(
      `/admin/patients/${ids.Anna}/review/`,
      { outcome: 'reviewed' },
      { encrypt: true },
    );
    const kept = () => w.t.portal.ctx.db.select().from(worklistAssignees);
    expect((await kept()).map((row) => row.patientId)).toEqual(expect.arrayContaining([ids.Anna, ids.Bert]));
    await purgeGrowingTables(w.t.portal.ctx);
    expect((await kept()).map((row) => row.patientId)).toEqual([ids.Bert]);
    await w.t.portal.ctx.db.delete(users).where(eq(users.id, ids.Bert!));
    expect(await kept()).toEqual([]);
  });
});
