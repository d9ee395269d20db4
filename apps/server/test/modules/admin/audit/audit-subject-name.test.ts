import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AuditPage } from '@portal/protocol';
import type { PortalClient } from '@portal/protocol/testing';
import { auditLog, users } from '../../../../src/db/schema/index.ts';
import { addPatient } from '../../../../testing/documents.ts';
import { DEMO_ADMIN, startTestPortal, type TestPortal } from '../../../../testing/test-portal.ts';

let t: TestPortal;
let admin: PortalClient;
let adminId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestPortal();
  admin = await t.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const [row] = await t.portal.ctx.db.select().from(users).where(eq(users.email, DEMO_ADMIN.email));
  adminId = row!.id;
  for (const name of ['Hana', 'Hannes']) {
    const p = await addPatient(t, name);
    ids[name] = p.id;
    await t.portal.ctx.db
      .update(users)
      .set({ lastName: `${name}berg` })
      .where(eq(users.id, p.id));
    // The administrator opens each patient: a row with the patient as its subject.
    await admin.get('/admin/user/', { id: p.id });
  }
});
afterAll(() => t.close());

const list = (query: Record<string, string>) => admin.get<AuditPage>('/admin/audit/', query);
const subjects = async (query: Record<string, string>) => [
  ...new Set((await list(query)).items.map((row) => row.subject?.id)),
];

describe('audit viewer: the patient’s name', () => {
  it('keeps the rows whose subject’s name or family name starts with the text, any case', async () => {
    expect(await subjects({ subject_name: 'hana' })).toEqual([ids.Hana]);
    expect(await subjects({ subject_name: 'HANNESBERG' })).toEqual([ids.Hannes]);
    expect((await subjects({ subject_name: 'han' })).sort()).toEqual([ids.Hana, ids.Hannes].sort());
    expect(await subjects({ subject_name: 'nobody' })).toEqual([]);
  });

  it('combines with the other filters', async () => {
    const rows = (await list({ subject_name: 'han', action: 'admin.user.read' })).items;
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((row) => row.action === 'admin.user.read')).toBe(true);
    expect((await list({ subject_name: 'han', action: 'patient.export' })).items).toEqual([]);
    expect((await list({ subject_name: 'hana', subject: ids.Hannes! })).items).toEqual([]);
  });

  it('notes in its own audit row that a name was given, not the name', async () => {
    await list({ subject_name: 'hana' });
    const [read] = await t.portal.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'admin.audit.read'), eq(auditLog.actorId, adminId)))
      .orderBy(auditLog.id)
      .then((rows) => rows.slice(-1));
    expect(read!.detail).toMatchObject({ filters: { subject_name: 'name-prefix' } });
    expect(JSON.stringify(read!.detail)).not.toContain('hana');
  });
});
