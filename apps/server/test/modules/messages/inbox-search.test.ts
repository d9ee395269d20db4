import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Codes, STAFF_PRESETS, type InboxPage, type InboxQuery } from '@portal/protocol';
import type { PortalClient } from '@portal/protocol/testing';
import { auditLog, users } from '../../../src/db/schema/index.ts';
import { addPatient, addStaff, expectCode } from '../../../testing/documents.ts';
import { startTestPortal, type TestPortal } from '../../../testing/test-portal.ts';
import { sealedPost } from '../../../testing/answers.ts';

let t: TestPortal;
let staff: { id: string; client: PortalClient };
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestPortal();
  staff = await addStaff(t, STAFF_PRESETS.clinician);
  for (const [name, text] of [
    ['Mira', 'My knee has been swelling since the new tablets'],
    ['Otto', 'Can I move my appointment to Friday?'],
    ['Kim', 'Thank you for the letter'],
  ] as const) {
    const p = await addPatient(t, name);
    ids[name] = p.id;
    await t.portal.ctx.db
      .update(users)
      .set({ lastName: `${name}ley` })
      .where(eq(users.id, p.id));
    await sealedPost(p.client, '/patient/messages/', { text });
  }
});
afterAll(() => t.close());

const inbox = (query: InboxQuery) =>
  staff.client.get<InboxPage>(
    '/admin/messages/',
    Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
  );
const found = async (q: string) =>
  (await inbox({ q })).items.map((thread) => thread.patient.first_name).sort();

describe('inbox search', () => {
  it('finds conversations by the start of the patient’s name or family name, and no one else', async () => {
    expect(await found('mir')).toEqual(['Mira']);
    expect(await found('OTTOLEY')).toEqual(['Otto']);
    expect(await found('kim kim')).toEqual(['Kim']);
    expect(await found('zed')).toEqual([]);
    expect((await inbox({ q: 'mir' })).total).toBe(1);
  });

  it('finds conversations by words in their messages, any case, and audits that it read them', async () => {
    const before = await t.portal.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'messages.search'), eq(auditLog.actorId, staff.id)));
    expect(await found('SWELLING')).toEqual(['Mira']);
    expect(await found('friday')).toEqual(['Otto']);
    expect(await found('letter')).toEqual(['Kim']);
    const after = await t.portal.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'messages.search'), eq(auditLog.actorId, staff.id)));
    expect(after.length - before.length).toBe(3);
    // The words searched for are PHI: only the count is kept.
    expect(after.at(-1)!.detail).toEqual({ rows: 1 });
    expect(JSON.stringify(after.map((row) => row.detail))).not.toContain('letter');
  });

  it('combines the search with the other filters', async () => {
    expect((await inbox({ q: 'swelling', mine: 'true' })).items).toEqual([]);
    expect((await inbox({ q: 'swelling', status: 'closed' })).items).toEqual([]);
    expect((await inbox({ q: 'swelling', status: 'open' })).items.map((i) => i.patient.id)).toEqual([
      ids.Mira,
    ]);
  });

  it('refuses staff who do not answer messages', async () => {
    const frontDesk = await addStaff(t, ['manage_documents']);
    await expectCode(frontDesk.client.get('/admin/messages/', { q: 'swelling' }), Codes.forbidden);
  });
});
