import { INTAKE_RESOURCES } from '@portal/protocol';
// A completed profile, as a patient's record holds it once the intake's first step is done.
import { SAMPLE_INTAKE } from '@portal/server/testing';
import { apiUrl } from '../api-url.ts';
import { DEMO_PATIENT } from '../demo-accounts.ts';
import type { Scenario } from '../scenario.ts';
import { FLOOR_ROW, SEALED_FLOOR_ROW } from '../floor-identity.ts';
import { requestHeaders, signIn } from './signed-in.ts';

const PATH = '/patient/profile/';
export const PROFILE_READ_CONNECTIONS = 100;
export const PROFILE_READ_NAME = 'profile GET';
/**
 * Target: the sealed profile read keeps ≥ 80 % of the sealed read floor's req/s, measured right
 * before it, with a p99 at most 1.3 times the floor's: what the portal does beyond the three
 * statements and the protocol's cryptography any such read needs (token, validation, logging,
 * metrics, headers) costs at most a fifth of its rate.
 */
const MIN_FLOOR_RATIO = 0.8;
const MAX_P99_FLOOR_RATIO = 1.3;

/**
 * protocol.md §4, "Intake": `GET /patient/profile/` as the demo patient, answered sealed under
 * a fresh server salt: the auth statement, `Z` decrypted, the saved profile and its draft read
 * (the saved one decrypted at rest), the read's audit row, HKDF + AES + HMAC of the answer.
 */
export async function profileReadScenario(portalUrl: string): Promise<Scenario> {
  const patient = await signIn(portalUrl, DEMO_PATIENT);
  await completeProfile(patient);
  return {
    name: PROFILE_READ_NAME,
    request: `GET ${PATH} (sealed)`,
    connections: PROFILE_READ_CONNECTIONS,
    yardstick: { row: SEALED_FLOOR_ROW.name },
    alsoAgainst: { row: FLOOR_ROW.name },
    minRatio: MIN_FLOOR_RATIO,
    maxP99Ratio: MAX_P99_FLOOR_RATIO,
    load: { url: apiUrl(portalUrl, PATH), headers: requestHeaders(patient) },
  };
}

/** The demo seed saves only names and birth date; a patient past the intake's first step has them all. */
async function completeProfile(patient: Awaited<ReturnType<typeof signIn>>): Promise<void> {
  const saved = await patient.get<{ value: unknown; version: number }>(PATH);
  if (!INTAKE_RESOURCES.profile.safeParse(saved.value).success) {
    await patient.post(PATH, { version: saved.version, value: SAMPLE_INTAKE.profile }, { encrypt: true });
  }
}
