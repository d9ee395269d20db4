import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { DocumentDetail, IntakeResourceName, UserPage } from '@portal/protocol';
import type { PortalClient } from '@portal/protocol/testing';
import { assign, makeSignaturePng, SIGNATURE_FIELDS, uploadTemplate } from '../../testing/documents.ts';
import {
  processDatabase,
  spawnServer,
  type ProcessDatabase,
  type ServerProcess,
} from '../../testing/server-process.ts';
import { DEMO_ADMIN } from '../../testing/test-portal.ts';
import {
  documentInvariantViolations,
  MARKED_RESOURCES,
  markOf,
  PATIENT_PASSWORD,
  saveIntake,
  signUpPatient,
} from '../../testing/reliability.ts';

const PATIENTS = 3;
const DOCUMENTS_PER_PATIENT = 2;
/** Saves acknowledged before the signings start, so the kill lands among both. */
const SAVES_BEFORE_SIGNING = 15;

interface Patient {
  email: string;
  client: PortalClient;
  documents: string[];
}

interface Loop {
  patient: Patient;
  name: IntakeResourceName;
  /** Version before the first save (signup already stores a profile). */
  start: number;
  /** Version of the last save answered 200. */
  acked: number;
  /** A save was sent and got no answer (the node died under it). */
  inFlight: boolean;
  unexpected: number[];
}

const sign = (client: PortalClient, id: string) =>
  client
    .send({
      method: 'POST',
      path: '/patient/sign/',
      body: {
        id,
        action: 'sign',
        consent: true,
        signature: { kind: 'drawn', png_base64: makeSignaturePng().toString('base64') },
      },
      encrypt: true,
    })
    .then(
      (answer) => answer.status,
      () => undefined,
    );

let db: ProcessDatabase | undefined;
let node: ServerProcess | undefined;
afterAll(async () => {
  await node?.kill9();
  await db?.drop();
}, 60_000);

describe('kill -9 in the middle of saves and signings', () => {
  it('keeps every acknowledged write, and no half-written record, after a restart on the same database', async () => {
    db = await processDatabase();
    node = await spawnServer(db.env);

    const admin = node.client();
    await admin.handshake();
    await admin.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    // One template per document: a patient may hold a template open only once.
    const templates: string[] = [];
    for (let d = 0; d < DOCUMENTS_PER_PATIENT; d++) {
      const template = await uploadTemplate(admin, {
        fields: SIGNATURE_FIELDS,
        title: `Crash consent ${d + 1}`,
      });
      templates.push(template.id);
    }
    const patients: Patient[] = [];
    for (let i = 0; i < PATIENTS; i++) {
      const email = `crash-${i}@example.com`;
      const client = await signUpPatient(node.client(), db.dataDir, email);
      const page = await admin.get<UserPage>('/admin/users/', { q: email });
      const documents: string[] = [];
      for (let d = 0; d < DOCUMENTS_PER_PATIENT; d++) {
        const [assignment] = await assign(admin, templates[d]!, [page.items[0]!.id]);
        documents.push(assignment!.id);
      }
      patients.push({ email, client, documents });
    }

    // Every patient saves every intake resource in a loop, each save starting from the
    // version the last acknowledged one created, until the node dies under them.
    const loops: Loop[] = [];
    for (const patient of patients) {
      for (const name of MARKED_RESOURCES) {
        const { version } = await patient.client.get<{ version: number }>(`/patient/${name}/`);
        loops.push({ patient, name, start: version, acked: version, inFlight: false, unexpected: [] });
      }
    }
    let totalAcked = 0;
    let signalSigning: () => void = () => undefined;
    const enoughSaves = new Promise<void>((resolve) => (signalSigning = resolve));
    const running = loops.map(async (loop) => {
      for (;;) {
        loop.inFlight = true;
        const status = await saveIntake(loop.patient.client, loop.name, loop.acked);
        if (status === undefined) return;
        loop.inFlight = false;
        if (status !== 200) {
          loop.unexpected.push(status);
          return;
        }
        loop.acked++;
        if (++totalAcked >= SAVES_BEFORE_SIGNING) signalSigning();
      }
    });

    // Or every loop stopped early on an unexpected answer, which the assertions below report.
    await Promise.race([enoughSaves, Promise.all(running)]);
    const signedAcked = new Set<string>();
    const unexpectedSignings: number[] = [];
    let firstSigned: () => void = () => undefined;
    const oneSigned = new Promise<void>((resolve) => (firstSigned = resolve));
    // Each patient signs their documents one after another, so when the first signature is
    // acknowledged the next ones have just been sent: the kill lands in the middle of them.
    const signings = patients.map(async (p) => {
      for (const id of p.documents) {
        const status = await sign(p.client, id);
        if (status === undefined) return;
        if (status !== 200) {
          unexpectedSignings.push(status);
          return;
        }
        signedAcked.add(id);
        firstSigned();
      }
    });
    await Promise.race([oneSigned, Promise.all(signings)]);
    await node.kill9();
    await Promise.all([...running, ...signings]);

    expect(loops.flatMap((l) => l.unexpected)).toEqual([]);
    expect(unexpectedSignings).toEqual([]);
    expect(totalAcked).toBeGreaterThanOrEqual(SAVES_BEFORE_SIGNING);
    expect(signedAcked.size).toBeGreaterThanOrEqual(1);

    node = await spawnServer(db.env);
    for (const patient of patients) {
      const client = node.client();
      await client.handshake();
      await client.login(patient.email, PATIENT_PASSWORD);
      patient.client = client;
    }

    for (const loop of loops) {
      const state = await loop.patient.client.get<{ version: number; value: unknown }>(
        `/patient/${loop.name}/`,
      );
      // Acknowledged means durable; an unanswered save may or may not have committed, but whole.
      const allowed = loop.inFlight ? [loop.acked, loop.acked + 1] : [loop.acked];
      expect(allowed, `${loop.patient.email} ${loop.name}`).toContain(state.version);
      if (state.version > loop.start) {
        expect(markOf(state.value), `${loop.patient.email} ${loop.name}`).toBe(`v${state.version}`);
      }
    }

    let pendingAfterCrash = 0;
    for (const patient of patients) {
      for (const id of patient.documents) {
        const detail = await patient.client.get<DocumentDetail>('/patient/document/', { id });
        const pdf = Buffer.from(detail.pdf_base64, 'base64');
        expect(createHash('sha256').update(pdf).digest('hex')).toBe(detail.sha256);
        if (signedAcked.has(id)) expect(detail).toMatchObject({ status: 'signed', file: 'signed' });
        if (detail.status === 'signed') {
          expect(detail.file).toBe('signed');
          continue;
        }
        // Never started, or lost before its commit: the document is as before and signs now.
        expect(detail).toMatchObject({ status: 'pending_signature', file: 'original' });
        pendingAfterCrash++;
        expect(await sign(patient.client, id)).toBe(200);
      }
    }
    console.warn(
      `kill -9 on ${db.engine}: ${totalAcked} saves and ${signedAcked.size} signings acknowledged before the kill, ` +
        `${loops.filter((l) => l.inFlight).length} saves and ${pendingAfterCrash} signings unanswered`,
    );

    await node.stop();
    node = undefined;
    expect(await documentInvariantViolations(db)).toEqual([]);
  }, 300_000);
});
