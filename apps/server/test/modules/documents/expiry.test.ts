import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ClinicAssignment, DocumentsPage } from '@portal/protocol';
import { documentEvents, signingCertificates } from '../../../src/db/schema/index.ts';
import { DEMO_ADMIN, DEMO_PATIENT } from '../../../testing/test-portal.ts';
import { twoNodesOnOneDatabase } from '../../../testing/two-nodes.ts';
import { expireOverdueDocuments, sendExpiryReminders } from '../../../src/modules/documents/expiry-job.ts';
import { signingCredentials } from '../../../src/modules/settings/signing-certificate.ts';
import { addPatient, assign, uploadTemplate } from '../../../testing/documents.ts';

const HOUR = 3600_000;

describe('two nodes on one database', () => {
  const nodes = twoNodesOnOneDatabase();
  const { clock } = nodes;

  it('expires a document past its due time exactly once, and reminds exactly once 48 hours before', async () => {
    const admin = await nodes.a.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const patient = await addPatient(nodes.a, 'Sam');
    const template = await uploadTemplate(admin);
    const another = await uploadTemplate(admin, { title: 'Consent to video visits' });
    const due = (hours: number) => new Date(clock.now().getTime() + hours * HOUR).toISOString();
    const [soon] = await assign(admin, template.id, [patient.id], { due_at: due(49) });
    const [later] = await assign(admin, another.id, [patient.id], { due_at: due(24 * 30) });
    const mails = async () =>
      [...(await nodes.a.outbox()), ...(await nodes.b.outbox())].filter((m) => m.includes('Reminder'));

    expect(
      await Promise.all([sendExpiryReminders(nodes.a.portal.ctx), sendExpiryReminders(nodes.b.portal.ctx)]),
    ).toEqual([0, 0]);
    clock.advance(2 * HOUR);
    const reminded = await Promise.all([
      sendExpiryReminders(nodes.a.portal.ctx),
      sendExpiryReminders(nodes.b.portal.ctx),
    ]);
    expect(reminded[0] + reminded[1]).toBe(1);
    expect(await sendExpiryReminders(nodes.a.portal.ctx)).toBe(0);
    expect(await mails()).toHaveLength(1);

    clock.advance(48 * HOUR);
    const expired = await Promise.all([
      expireOverdueDocuments(nodes.a.portal.ctx),
      expireOverdueDocuments(nodes.b.portal.ctx),
    ]);
    expect(expired[0] + expired[1]).toBe(1);
    const events = await nodes.a.portal.ctx.db
      .select()
      .from(documentEvents)
      .where(eq(documentEvents.assignmentId, soon!.id));
    expect(events.filter((e) => e.action === 'expire')).toMatchObject([
      { actor: 'system', fromStatus: 'pending_signature', toStatus: 'expired' },
    ]);

    // Tokens have long expired on the moved clock: sign in again to look.
    const fresh = await nodes.a.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const list = await fresh.get<{ items: ClinicAssignment[] }>('/admin/documents/assignments/', {
      patient_id: patient.id,
    });
    expect(Object.fromEntries(list.items.map((d) => [d.id, d.status]))).toEqual({
      [soon!.id]: 'expired',
      [later!.id]: 'pending_signature',
    });
  });

  it('creates one clinic signing certificate that every node shares', async () => {
    const [fromA, fromB] = await Promise.all([
      signingCredentials(nodes.a.portal.ctx),
      signingCredentials(nodes.b.portal.ctx),
    ]);
    expect(fromA.commonName).toBe(fromB.commonName);
    const rows = await nodes.a.portal.ctx.db.select().from(signingCertificates);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.privateKey.toString()).not.toContain('PRIVATE KEY');
  });

  it('seeds the demo patient a consent form awaiting signature and a reference document', async () => {
    const patient = await nodes.a.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password);
    const page = await patient.get<DocumentsPage>('/patient/documents/');
    expect(page.items.map((d) => [d.title, d.status])).toEqual(
      expect.arrayContaining([
        ['Consent to home medical device therapy', 'pending_signature'],
        ['Privacy acknowledgement', null],
      ]),
    );
  });
});
