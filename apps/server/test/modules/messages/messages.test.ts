import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import type {
  AttachmentContent,
  ClinicThread,
  InboxPage,
  InboxThread,
  PatientThread,
} from '@portal/protocol';
import type { PortalClient } from '@portal/protocol/testing';
import { auditLog, messageAttachments, messages, users } from '../../../src/db/schema/index.ts';
import { startSmtpSink } from '../../../testing/smtp-sink.ts';
import { DEMO_ADMIN, startTestPortal, type TestPortal } from '../../../testing/test-portal.ts';
import { addPatient, makePdf, makeSignaturePng } from '../../../testing/documents.ts';
import { codeOf, pathsOf, sealedPost } from '../../../testing/answers.ts';

let t: TestPortal;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let admin: PortalClient;
let adminId: string;
let patient: { id: string; client: PortalClient };
let other: { id: string; client: PortalClient };

const SECRET_TEXT = 'My knee has been swelling since the new tablets';
const REPLY_TEXT = 'Please stop the tablets and come in tomorrow';

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestPortal({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.example' } });
  admin = await t.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const [row] = await t.portal.ctx.db.select().from(users).where(eq(users.email, DEMO_ADMIN.email));
  adminId = row!.id;
  patient = await addPatient(t, 'Mira');
  other = await addPatient(t, 'Otto');
  await t.portal.ctx.db.update(users).set({ locale: 'cn' }).where(eq(users.id, other.id));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const write = (client: PortalClient, body: unknown) => sealedPost(client, '/patient/messages/', body);
const event = (client: PortalClient) => client.get<{ name: string | null }>('/patient/event/');
async function drainEvents(client: PortalClient) {
  while ((await event(client)).name !== null);
}
const auditOf = (action: string) =>
  t.portal.ctx.db.select().from(auditLog).where(eq(auditLog.action, action));

describe('built-in messenger', () => {
  it('carries a message patient → clinic → patient, sealed both ways and encrypted at rest', async () => {
    await drainEvents(admin);
    const sent = await write(patient.client, { text: SECRET_TEXT });
    expect(sent.status).toBe(200);
    // The answer is an envelope: the text never crosses the wire in the clear.
    expect(JSON.stringify(sent.body)).not.toContain('knee');
    const mine = sent.data as PatientThread;
    expect(mine.messages).toMatchObject([
      { author: 'patient', author_name: null, body: SECRET_TEXT, read_at: null },
    ]);
    expect(mine.status).toBe('open');

    // Unassigned, so every administrator hears of it through the poll.
    expect((await event(admin)).name).toBe('message');
    const inbox = await admin.get<InboxPage>('/admin/messages/');
    const listed = inbox.items.find((i) => i.id === mine.id)!;
    expect(listed).toMatchObject({
      patient: { id: patient.id, name: 'Mira Tester' },
      unread: 1,
      assignee: null,
    });
    expect(inbox.unread_total).toBeGreaterThanOrEqual(1);

    const thread = await admin.get<ClinicThread>('/admin/messages/thread/', { id: mine.id! });
    expect(thread.messages[0]!.body).toBe(SECRET_TEXT);
    const afterRead = await admin.get<InboxPage>('/admin/messages/');
    expect(afterRead.items.find((i) => i.id === mine.id)!.unread).toBe(0);

    await drainEvents(patient.client);
    const replied = await sealedPost(admin, '/admin/messages/reply/', { id: mine.id, text: REPLY_TEXT });
    expect(replied.status).toBe(200);
    expect(JSON.stringify(replied.body)).not.toContain('tablets');
    expect((await event(patient.client)).name).toBe('message');

    const seen = await patient.client.get<PatientThread>('/patient/messages/');
    expect(seen.unread).toBe(1);
    expect(seen.messages[0]!.read_at).not.toBeNull();
    expect(seen.messages[1]).toMatchObject({ author: 'clinic', author_name: 'Alex Admin', body: REPLY_TEXT });
    const read = (await sealedPost(patient.client, '/patient/messages/read/', {})).data as PatientThread;
    expect(read.unread).toBe(0);

    const stored = await t.portal.ctx.db.select().from(messages).where(eq(messages.threadId, mine.id!));
    expect(stored).toHaveLength(2);
    for (const row of stored) {
      expect(Buffer.from(row.body).toString('latin1')).not.toMatch(/tablets|knee/);
    }
  });

  it('mails the patient that a reply waits, in their language, without its content', async () => {
    // Mail leaves through the queue: what earlier tests queued is sent before counting starts.
    await t.outbox();
    smtp.messages.length = 0;
    await write(other.client, { text: 'Is the clinic open on Saturday?' });
    const inbox = await admin.get<InboxPage>('/admin/messages/');
    const thread = inbox.items.find((i) => i.patient.id === other.id)!;
    await sealedPost(admin, '/admin/messages/reply/', {
      id: thread.id,
      text: 'Yes, from 9 to 12 about your knee',
    });
    await t.outbox();
    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const [otherRow] = await t.portal.ctx.db.select().from(users).where(eq(users.id, other.id));
    expect(mail).toContain(otherRow!.email);
    expect(mail).toContain('lang="zh-CN"');
    expect(mail).toContain('https://portal.example/welcome?chat=open');
    expect(mail).not.toMatch(/knee|Saturday|9 to 12|Alex Admin/);
    // No message text in the server's own logs either.
    expect(t.logs.join('\n')).not.toMatch(/knee|Saturday|tablets/);
  });

  it('keeps attachments: PNG, JPEG and PDF by content, refusing anything else with 10415 and nothing saved', async () => {
    const before = await t.portal.ctx.db.select().from(messages);
    const html = Buffer.from('<html><script>alert(1)</script></html>').toString('base64');
    const refused = await write(patient.client, { attachment: { name: 'scan.png', content_base64: html } });
    expect(codeOf(refused)).toBe(10415);
    expect(await t.portal.ctx.db.select().from(messages)).toHaveLength(before.length);

    const tooLarge = Buffer.alloc(5 * 1024 * 1024 + 1, 0x20);
    tooLarge.set([0x25, 0x50, 0x44, 0x46, 0x2d]);
    expect(
      codeOf(
        await write(patient.client, {
          attachment: { name: 'big.pdf', content_base64: tooLarge.toString('base64') },
        }),
      ),
    ).toBe(10413);

    const empty = await write(patient.client, { text: '   ' });
    expect(codeOf(empty)).toBe(10400);
    expect(pathsOf(empty)).toContain('text');
    expect(codeOf(await write(patient.client, { text: 'x'.repeat(4001) }))).toBe(10400);

    const png = makeSignaturePng();
    const withFile = (
      await write(patient.client, {
        text: 'Photo of the rash',
        attachment: { name: 'rash.png', content_base64: png.toString('base64') },
      })
    ).data as PatientThread;
    const attachment = withFile.messages.at(-1)!.attachment!;
    expect(attachment).toMatchObject({ name: 'rash.png', content_type: 'image/png' });
    const [stored] = await t.portal.ctx.db
      .select()
      .from(messageAttachments)
      .where(eq(messageAttachments.id, attachment.id));
    expect(Buffer.from(stored!.data).includes(png.subarray(16, 64))).toBe(false);

    const mine = await patient.client.get<AttachmentContent>('/patient/messages/attachment/', {
      id: attachment.id,
    });
    const received = Buffer.from(mine.content_base64, 'base64');
    expect(received.length).toBe(attachment.size);
    expect(await sharp(received).raw().toBuffer()).toEqual(await sharp(png).raw().toBuffer());
    const clinicCopy = await admin.get<AttachmentContent>('/admin/messages/attachment/', {
      id: attachment.id,
    });
    expect(clinicCopy).toEqual(mine);

    const pdf = Buffer.from(await makePdf());
    const reply = (
      await sealedPost(admin, '/admin/messages/reply/', {
        id: withFile.id,
        attachment: { name: 'leaflet.pdf', content_base64: pdf.toString('base64') },
      })
    ).data as ClinicThread;
    expect(reply.messages.at(-1)).toMatchObject({
      author: 'clinic',
      body: '',
      attachment: { content_type: 'application/pdf' },
    });
  });

  it("never shows one patient another's thread or files: 10404 as for a missing one", async () => {
    const mine = await patient.client.get<PatientThread>('/patient/messages/');
    const theirs = await other.client.get<PatientThread>('/patient/messages/');
    expect(theirs.id).not.toBe(mine.id);
    expect(JSON.stringify(theirs)).not.toContain('rash');
    const fileId = mine.messages.find((m) => m.attachment)!.attachment!.id;
    const stolen = await other.client.send({
      method: 'GET',
      path: '/patient/messages/attachment/',
      query: { id: fileId },
    });
    expect(codeOf(stolen)).toBe(10404);
    const thread = await other.client.send({
      method: 'GET',
      path: '/admin/messages/thread/',
      query: { id: mine.id! },
    });
    expect(codeOf(thread)).toBe(10403);
    expect(
      codeOf(await sealedPost(other.client, '/admin/messages/reply/', { id: mine.id, text: 'hi' })),
    ).toBe(10403);
    expect(codeOf(await other.client.send({ method: 'GET', path: '/admin/messages/' }))).toBe(10403);
    const missing = await admin.send({
      method: 'GET',
      path: '/admin/messages/thread/',
      query: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(codeOf(missing)).toBe(10404);
    // An administrator is not a patient: the patient routes answer 10403.
    expect(codeOf(await admin.send({ method: 'GET', path: '/patient/messages/' }))).toBe(10403);
  });

  it('assigns, filters, closes and reopens threads, and audits every read and write', async () => {
    const { id: threadId } = await patient.client.get<PatientThread>('/patient/messages/');
    const assigned = (
      await sealedPost(admin, '/admin/messages/assign/', { id: threadId, assignee_id: adminId })
    ).data as InboxThread;
    expect(assigned.assignee).toEqual({
      id: adminId,
      name: 'Alex Admin',
      first_name: 'Alex',
      last_name: 'Admin',
    });
    expect(
      codeOf(await sealedPost(admin, '/admin/messages/assign/', { id: threadId, assignee_id: patient.id })),
    ).toBe(10404);
    const mineOnly = await admin.get<InboxPage>('/admin/messages/', { mine: 'true' });
    expect(mineOnly.items.map((i) => i.id)).toEqual([threadId]);

    const closed = (await sealedPost(admin, '/admin/messages/status/', { id: threadId, status: 'closed' }))
      .data as InboxThread;
    expect(closed.status).toBe('closed');
    expect(
      (await admin.get<InboxPage>('/admin/messages/', { status: 'open' })).items.map((i) => i.id),
    ).not.toContain(threadId);
    expect((await patient.client.get<PatientThread>('/patient/messages/')).status).toBe('closed');
    // Assigned now: only the assignee hears of the patient's next message, which reopens the thread.
    await drainEvents(admin);
    await write(patient.client, { text: 'One more question' });
    expect((await event(admin)).name).toBe('message');
    expect(
      (await admin.get<InboxPage>('/admin/messages/', { status: 'open' })).items.map((i) => i.id),
    ).toContain(threadId);

    const rows = await t.portal.ctx.db
      .select()
      .from(auditLog)
      .where(and(like(auditLog.action, 'messages.%'), eq(auditLog.subjectId, patient.id)));
    const actions = new Set(rows.map((r) => r.action));
    for (const action of [
      'messages.read',
      'messages.write',
      'messages.file_read',
      'messages.assign',
      'messages.status',
    ]) {
      expect(actions).toContain(action);
    }
    const adminRead = rows.find((r) => r.action === 'messages.read' && r.actorId === adminId);
    expect(adminRead?.target).toBe(`message_threads:${threadId}`);
    expect(JSON.stringify(await auditOf('messages.write'))).not.toMatch(/knee|tablets|rash/);
  });
});
