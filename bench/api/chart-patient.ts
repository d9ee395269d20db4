import {
  BF_ADL_INSTRUMENT,
  clinicAssignmentList,
  currentInstrument,
  INTAKE_RESOURCE_NAMES,
  templateList,
  userPage,
  type Answers,
} from '@portal/protocol';
import { PortalClient } from '@portal/protocol/testing';
// A whole intake, as a patient hands it in.
import { SAMPLE_COVERAGE, SAMPLE_INTAKE, TINY_PNG } from '@portal/server/testing';
import { createVerifiedPatients } from '../lib/verified-patients.ts';
import type { PortalUnderTest } from './start-portal.ts';

const EMAIL = 'charted@bench.example';
const PASSWORD = 'Bench-chart-patient-2025';
/** About a year of monthly BF-ADL answers: the chart lists every one with its change and flag. */
const BF_ADL_SUBMISSIONS = 12;

/**
 * A patient whose chart has every section filled, made through the API as a patient and the
 * clinic would: the whole intake with a coverage and a card handed in, a year of BF-ADL
 * answers, and three copies of the consent form sent by `clinic` (one declined, one signed and
 * countersigned, one awaiting signature), each with its history. Returns the patient's id.
 */
export async function createChartedPatient(portal: PortalUnderTest, clinic: PortalClient): Promise<string> {
  await createVerifiedPatients(portal, [EMAIL], PASSWORD);
  const patient = new PortalClient({ baseUrl: portal.service.baseUrl });
  await patient.handshake();
  await patient.login(EMAIL, PASSWORD);
  await handInIntake(patient);
  await answerBfAdl(patient);
  const patientId = userPage.parse(await clinic.get('/admin/users/', { q: EMAIL })).items[0]?.id;
  if (patientId === undefined) throw new Error(`the clinic does not find ${EMAIL}`);
  await sendDocuments(clinic, patient, patientId);
  return patientId;
}

async function handInIntake(patient: PortalClient): Promise<void> {
  for (const name of INTAKE_RESOURCE_NAMES) {
    const { version } = await patient.get<{ version: number }>(`/patient/${name}/`);
    await patient.post(`/patient/${name}/`, { version, value: SAMPLE_INTAKE[name] }, { encrypt: true });
  }
  await patient.post('/patient/insurance/', { version: 0, value: SAMPLE_COVERAGE }, { encrypt: true });
  await patient.post(
    '/patient/insurance/card/',
    {
      insurance_type: SAMPLE_COVERAGE.insurance_type,
      side: 'front',
      content_base64: TINY_PNG.toString('base64'),
    },
    { encrypt: true },
  );
  await patient.post('/patient/intake/submit/', { no_insurance: false }, { encrypt: true });
}

async function answerBfAdl(patient: PortalClient): Promise<void> {
  const definition = currentInstrument(BF_ADL_INSTRUMENT)!;
  for (let n = 0; n < BF_ADL_SUBMISSIONS; n++) {
    // Each item's options in turn, so scores, bands and flags vary from one answer to the next.
    const answers: Answers = Object.fromEntries(
      definition.items.map((item, i) => [item.id, item.options[(n + i) % item.options.length]!.value]),
    );
    await patient.post(
      '/patient/bf_adl/',
      { instrument: definition.id, version: definition.version, answers },
      { encrypt: true },
    );
  }
}

async function sendDocuments(clinic: PortalClient, patient: PortalClient, patientId: string): Promise<void> {
  const templates = templateList.parse(await clinic.get('/admin/documents/templates/'));
  const consent = templates.items.find((template) => template.kind === 'signature');
  if (consent === undefined) throw new Error('no signature template: is PORTAL_DEMO set?');
  const send = async () => {
    const sent = clinicAssignmentList.parse(
      await clinic.post(
        '/admin/documents/assignments/',
        { template_id: consent.id, patient_ids: [patientId] },
        { encrypt: true },
      ),
    );
    return sent.items[0]!;
  };
  const declined = await send();
  await patient.post(
    '/patient/sign/',
    { id: declined.id, action: 'reject', reason: 'I would like to discuss it first.' },
    { encrypt: true },
  );
  const signed = await send();
  await patient.get('/patient/sign/', { id: signed.id });
  await patient.post(
    '/patient/sign/',
    { id: signed.id, action: 'sign', signature: { kind: 'typed', text: 'Bench Patient' }, consent: true },
    { encrypt: true },
  );
  await clinic.post(
    '/admin/documents/assignment/action/',
    { id: signed.id, action: 'countersign' },
    { encrypt: true },
  );
  await send();
}
