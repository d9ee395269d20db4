import type { PortalClient } from '@portal/protocol/testing';
import { SAMPLE_INTAKE } from '@portal/server/testing';
import { createVerifiedPatients } from '../../lib/verified-patients.ts';
import type { PortalUnderTest } from '../start-portal.ts';
import { apiUrl } from '../api-url.ts';
import { SaveLanes, type TakenSave } from '../save-lanes.ts';
import type { Scenario } from '../scenario.ts';
import { signIn } from './signed-in.ts';

const PATH = '/patient/medical_history/';
const CONNECTIONS = 50;
/** One patient per connection, and a few more so a lane left out by a timeout never starves the run. */
const PATIENTS = CONNECTIONS + 10;
const PASSWORD = 'Bench-history-patient-2025';
/**
 * Saves a second the sealed bodies are sized for, per run. A save is a transaction of three
 * statements plus the read that answers it; running dry is reported.
 */
const SAVE_CEILING_PER_SECOND = 1_500;
/** Spare saves per lane beyond its share: the drain after a run, and uneven turns. */
const SPARE_SAVES_PER_LANE = 3;
// Each sign-in is an argon2 verification: a few at a time keeps the setup short on 2 cores.
const SIGN_INS_AT_ONCE = 4;

/**
 * autocannon hands a request's setupRequest and its onResponse the same context object (one
 * request in flight per connection): the lane waits there for its answer.
 */
interface SaveContext {
  taken?: TakenSave;
}

/**
 * protocol.md "Intake": `POST /patient/medical_history/`, a whole, valid medical history sealed
 * under its own salt, each save from the version the patient's previous save produced, so
 * every save is a real versioned write (never a draft) and answers 2xx.
 */
export async function medicalHistorySaveScenario(portal: PortalUnderTest): Promise<Scenario> {
  const portalUrl = portal.service.baseUrl;
  const emails = Array.from({ length: PATIENTS }, (_, i) => `history-${i}@bench.example`);
  await createVerifiedPatients(portal, emails, PASSWORD);
  const clients: PortalClient[] = [];
  for (let start = 0; start < emails.length; start += SIGN_INS_AT_ONCE) {
    clients.push(
      ...(await Promise.all(
        emails
          .slice(start, start + SIGN_INS_AT_ONCE)
          .map((email) => signIn(portalUrl, { email, password: PASSWORD })),
      )),
    );
  }
  const lanes = await SaveLanes.create(clients, PATH, SAMPLE_INTAKE.medical_history);
  return {
    name: 'history save',
    request: `POST ${PATH} (sealed, ${PATIENTS} patients)`,
    connections: CONNECTIONS,
    beforeRun: (seconds) =>
      lanes.refill(Math.ceil((SAVE_CEILING_PER_SECOND * seconds) / lanes.size) + SPARE_SAVES_PER_LANE),
    load: {
      url: apiUrl(portalUrl, PATH),
      method: 'POST',
      requests: [
        {
          // autocannon builds each request anew when setupRequest is set: the next lane's next save.
          setupRequest: (request, context) => {
            const taken = lanes.take();
            (context as SaveContext).taken = taken;
            return { ...request, headers: { ...request.headers, ...taken.headers }, body: taken.body };
          },
          onResponse: (status, _body, context) => lanes.settle((context as SaveContext).taken?.lane, status),
        },
      ],
    },
    problems: () =>
      lanes.exhausted > 0
        ? [
            `${lanes.exhausted} saves found no idle patient with a sealed body left: raise SAVE_CEILING_PER_SECOND ` +
              '(or PATIENTS, if saves timed out) in api/scenarios/medical-history-save.ts',
          ]
        : [],
  };
}
