import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Codes,
  STAFF_PRESETS,
  type ClinicThread,
  type InboxPage,
  type PatientThread,
  type WorklistPage,
} from '@portal/protocol';
import type { PortalClient } from '@portal/protocol/testing';
import { codeOf, sealedPost } from '../../../testing/answers.ts';
import { actingFor, addCaregiver, grantThroughMail, liveGrant } from '../../../testing/caregivers.ts';
import {
  addStaff,
  makeSignaturePng,
  startDocumentsWorld,
  type DocumentsWorld,
} from '../../../testing/documents.ts';

/** Decision 0033: a caregiver-only account writes to the clinic from a conversation of its own. */
describe('messages of a caregiver-only account', () => {
  let w: DocumentsWorld;
  let frontDesk: PortalClient;
  /** Joined only to help Morgan, allowed to see Morgan's intake but not to write for Morgan. */
  let dana: { id: string; client: PortalClient };
  let morganFileId: string;

  const write = (client: PortalClient, text: string) => sealedPost(client, '/patient/messages/', { text });
  const event = (client: PortalClient) => client.get<{ name: string | null }>('/patient/event/');
  const inboxItem = async (patientId: string) =>
    (await frontDesk.get<InboxPage>('/admin/messages/', { page_size: '100' })).items.find(
      (item) => item.patient.id === patientId,
    );

  beforeAll(async () => {
    w = await startDocumentsWorld();
    frontDesk = (await addStaff(w.t, STAFF_PRESETS.front_desk)).client;
    dana = (await grantThroughMail(w.t, w.patient, ['view_intake'], 'Dana')).caregiver;
    const morgan = (
      await sealedPost(w.patient, '/patient/messages/', {
        text: 'Morgan asks about the knee brace',
        attachment: { name: 'brace.png', content_base64: makeSignaturePng().toString('base64') },
      })
    ).data as PatientThread;
    morganFileId = morgan.messages[0]!.attachment!.id;
  });
  afterAll(async () => {
    await w.t.close();
  });

  it('writes to the clinic without acting for anyone, and reads back only its own conversation', async () => {
    const sent = await write(dana.client, 'Can I come to my mother’s appointment on Friday?');
    expect(sent.status).toBe(200);
    const thread = sent.data as PatientThread;
    expect(thread.messages).toMatchObject([
      { author: 'patient', on_behalf_by: null, body: 'Can I come to my mother’s appointment on Friday?' },
    ]);
    const read = await dana.client.get<PatientThread>('/patient/messages/');
    expect(read.id).toBe(thread.id);
    expect(JSON.stringify(read)).not.toContain('knee brace');
    const morgans = await w.patient.get<PatientThread>('/patient/messages/');
    expect(morgans.id).not.toBe(thread.id);
    expect(JSON.stringify(morgans)).not.toContain('Friday');
  });

  it('the staff inbox names the writer as a caregiver, and the patient as a patient', async () => {
    expect(await inboxItem(dana.id)).toMatchObject({
      account: 'caregiver',
      patient: { id: dana.id, name: 'Dana Carer' },
      unread: 1,
    });
    expect((await inboxItem(w.patientId))?.account).toBe('patient');
  });

  it('the clinic answers it, and it hears of the answer', async () => {
    while ((await event(dana.client)).name !== null);
    const item = (await inboxItem(dana.id))!;
    const replied = (await sealedPost(frontDesk, '/admin/messages/reply/', { id: item.id, text: 'Yes, do' }))
      .data as ClinicThread;
    expect(replied.account).toBe('caregiver');
    expect((await event(dana.client)).name).toBe('message');
    const read = (await sealedPost(dana.client, '/patient/messages/read/', {})).data as PatientThread;
    expect(read.messages.at(-1)).toMatchObject({ author: 'clinic', body: 'Yes, do' });
    expect(read.unread).toBe(0);
  });

  it('never reads a patient’s conversation: not by file id, nor acting for one without write_messages', async () => {
    const file = await dana.client.send({
      method: 'GET',
      path: '/patient/messages/attachment/',
      query: { id: morganFileId },
    });
    expect(codeOf(file)).toBe(Codes.itemsNotFound);
    const forMorgan = await actingFor(dana.client, w.patientId).send({
      method: 'GET',
      path: '/patient/messages/',
    });
    expect(codeOf(forMorgan)).toBe(Codes.forbidden);
    const forCasey = await actingFor(dana.client, w.otherId).send({
      method: 'GET',
      path: '/patient/messages/',
    });
    expect(codeOf(forCasey)).toBe(Codes.itemsNotFound);
    // Its other own patient routes stay closed (decision 0032).
    expect(codeOf(await dana.client.send({ method: 'GET', path: '/patient/profile/' }))).toBe(
      Codes.forbidden,
    );
  });

  it('with write_messages it writes for the patient in the patient’s conversation, as before', async () => {
    const sam = await addCaregiver(w.t, 'Sam');
    await liveGrant(w.t, w.patientId, sam.id, ['write_messages']);
    const forMorgan = actingFor(sam.client, w.patientId);
    const thread = await forMorgan.post<PatientThread>(
      '/patient/messages/',
      { text: 'Sam here' },
      { encrypt: true },
    );
    expect(thread.messages.at(-1)).toMatchObject({ body: 'Sam here', on_behalf_by: 'Sam Carer' });
    expect(JSON.stringify(thread)).toContain('knee brace');
  });

  it('its conversation is in the inbox, not in the worklist, which opens charts it has none of', async () => {
    const clinician = (await addStaff(w.t, STAFF_PRESETS.clinician)).client;
    await write(dana.client, 'One more question');
    const unread = await clinician.get<WorklistPage>('/admin/worklist/', { queue: 'unread_messages' });
    expect(unread.items.map((row) => row.patient.id)).not.toContain(dana.id);
    expect((await inboxItem(dana.id))?.unread).toBe(1);
  });
});
