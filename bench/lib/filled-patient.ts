import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  assessmentState,
  clinicAssignmentList,
  patientThread,
  resourceState,
  templateList,
  type AssignDocumentRequest,
  type coverageSchema,
  type INTAKE_RESOURCES,
  type SignRequest,
} from '@portal/protocol';
import { PortalClient } from '@portal/protocol/testing';
import type { z } from 'zod';

/** The e2e suite's card photo (320 px wide), so both harnesses show the same insurance step. */
const CARD_IMAGE = path.resolve(import.meta.dirname, '../../e2e/fixtures/insurance-card-front.png');
const DAY_MS = 24 * 3600_000;

interface Credentials {
  email: string;
  password: string;
}

/** Where the filled patient's pages are: the documents the clinic assigned. */
export interface FilledPatient {
  /** Signed by the patient: opens in the viewer with nothing left to do. */
  signedDocumentId: string;
  /** Awaiting the patient's signature: opens with the signing panel. */
  pendingDocumentId: string;
}

type Intake = { [K in keyof typeof INTAKE_RESOURCES]: z.input<(typeof INTAKE_RESOURCES)[K]> };

/** Every intake section as a patient fills it, with lists long enough to show as lists. */
function intakeOf(patient: Credentials): Intake {
  const address = { line1: '12 Harbour Street', line2: 'Flat 3', city: 'Bristol', postal_code: 'BS1 4ST' };
  return {
    profile: {
      first_name: 'Rosa',
      last_name: 'Lindqvist',
      preferred_name: 'Rosie',
      date_of_birth: '1941-03-08',
      sex_at_birth: 'female',
      gender_identity: 'Woman',
      preferred_language: 'en',
      height_cm: 158,
      weight_kg: 61.5,
    },
    contact: {
      mobile_phone: '+447700900123',
      email: patient.email,
      address: { ...address, country: 'GB' },
      preferred_contact_method: 'sms',
    },
    emergency_content: {
      contacts: [
        {
          name: 'Sam Lindqvist',
          relationship: 'child',
          phone: '+447700900456',
          email: 'sam@example.com',
          may_receive_information: true,
        },
        { name: 'Alex Moore', relationship: 'carer', phone: '+447700900789', may_receive_information: false },
      ],
    },
    treating_practitioner: {
      name: 'Dr Morgan Hale',
      specialty: 'Geriatric medicine',
      practice: 'Harbourside Clinic',
      phone: '+441174960000',
      address: { line1: '1 Quay Road', city: 'Bristol', postal_code: 'BS1 5AA', country: 'GB' },
    },
    medical_history: {
      conditions: [
        { name: 'Type 2 diabetes', since: '2009' },
        { name: 'Osteoarthritis of the knee', since: '2016-06' },
        { name: 'Macular degeneration', since: '2021' },
      ],
      surgeries: [{ name: 'Right hip replacement', date: '2018-11' }],
      medications: [
        { name: 'Metformin', dose: '500 mg', frequency: 'Twice a day' },
        { name: 'Paracetamol', dose: '1 g', frequency: 'When needed' },
      ],
      allergies: [{ substance: 'Penicillin', reaction: 'Hives', severity: 'moderate' }],
      no_known_allergies: false,
      mobility_aids: ['rollator', 'cane'],
      devices: [{ name: 'Hearing aid', notes: 'Left ear' }],
      smoking: 'former',
      notes: 'Stairs are difficult; mornings are best for appointments.',
    },
  };
}

function coverageOf(): z.input<typeof coverageSchema> {
  return {
    insurance_type: 'commercial',
    primary: true,
    payer_name: 'Harbour Health Plan',
    member_id: 'HHP-4471-2093',
    group_number: 'GRP-118',
    plan_name: 'Silver',
    subscriber_name: 'Rosa Lindqvist',
    subscriber_relationship: 'self',
    effective_from: '2025-01-01',
  };
}

async function signedIn(baseUrl: string, account: Credentials): Promise<PortalClient> {
  const client = new PortalClient({ baseUrl });
  await client.handshake();
  await client.login(account.email, account.password);
  return client;
}

/** The user id in the client's own access token (`sub`, protocol.md §10). */
function userIdOf(client: PortalClient): string {
  const payload = JSON.parse(Buffer.from(client.access!.split('.')[1]!, 'base64url').toString('utf8')) as {
    sub: string;
  };
  return payload.sub;
}

/**
 * Gives a verified patient what a patient months into their care has, through the real API as
 * the web app sends it: every intake section saved (not handed in, so each step is a form to
 * edit), a coverage with a photo of its card, two BF-ADL results (a history and its trend), a
 * consent form signed and the same form awaiting signature again, and a conversation with the
 * clinic. `admin` assigns the documents and answers the message.
 */
export async function fillPatient(
  baseUrl: string,
  patient: Credentials,
  admin: Credentials,
): Promise<FilledPatient> {
  const client = await signedIn(baseUrl, patient);
  const intake = intakeOf(patient);
  for (const [name, value] of Object.entries(intake)) {
    const path = `/patient/${name}/`;
    const { version } = resourceState.parse(await client.get(path));
    await client.post(path, { version, value }, { encrypt: true });
  }

  const coverage = coverageOf();
  await client.post('/patient/insurance/', { version: 0, value: coverage }, { encrypt: true });
  const card = await readFile(CARD_IMAGE);
  await client.post(
    '/patient/insurance/card/',
    { insurance_type: coverage.insurance_type, side: 'front', content_base64: card.toString('base64') },
    { encrypt: true },
  );

  const { definition } = assessmentState.parse(await client.get('/patient/bf_adl/'));
  // The most and then the least able answers: two results make a history and a trend line.
  for (const pick of [0, -1]) {
    const answers = Object.fromEntries(
      definition.items.map((item) => [item.id, item.options.at(pick)!.value]),
    );
    await client.post(
      '/patient/bf_adl/',
      { instrument: definition.id, version: definition.version, answers },
      { encrypt: true },
    );
  }

  const clinic = await signedIn(baseUrl, admin);
  const { items: templates } = templateList.parse(await clinic.get('/admin/documents/templates/'));
  const consent = templates.find((template) => template.kind === 'signature' && template.fields.length > 0);
  if (!consent) throw new Error('The demo consent form is missing: start the portal with PORTAL_DEMO=1');
  const assign = async () => {
    const request: AssignDocumentRequest = {
      template_id: consent.id,
      patient_ids: [userIdOf(client)],
      due_at: new Date(Date.now() + 14 * DAY_MS).toISOString(),
    };
    const { items } = clinicAssignmentList.parse(
      await clinic.post('/admin/documents/assignments/', request, { encrypt: true }),
    );
    return items[0]!.id;
  };
  const signedDocumentId = await assign();
  const signature: SignRequest = {
    id: signedDocumentId,
    action: 'sign',
    signature: { kind: 'typed', text: 'Rosa Lindqvist' },
    consent: true,
  };
  await client.post('/patient/sign/', signature, { encrypt: true });
  const pendingDocumentId = await assign();

  const thread = patientThread.parse(
    await client.post(
      '/patient/messages/',
      { text: 'Could someone help me fill in the insurance part? My daughter will be with me.' },
      { encrypt: true },
    ),
  );
  await clinic.post(
    '/admin/messages/reply/',
    {
      id: thread.id,
      text: 'Of course. Bring the card to your next visit and we will go through it together.',
    },
    { encrypt: true },
  );
  // The clinic's reply queued a `message` event: taken here, so the browser's first poll hears none.
  for (let polls = 0; polls < 10; polls++) {
    const { name } = await client.get<{ name: string | null }>('/patient/event/');
    if (name === null) break;
  }
  return { signedDocumentId, pendingDocumentId };
}
