import { INTAKE_RESOURCES } from '@portal/protocol';
import { PortalClient } from '@portal/protocol/testing';
// A completed profile, as a patient's record holds it once the intake's first step is done.
import { SAMPLE_INTAKE } from '@portal/server/testing';
import { apiUrl } from '../api-url.ts';
import { DEMO_PATIENT } from '../demo-patient.ts';
import type { Scenario } from '../scenario.ts';
import { signedInPatientHeaders } from './signed-in-patient.ts';

const PATH = '/patient/profile/';
export const PROFILE_READ_CONNECTIONS = 100;
/** Issue 11: the encrypted profile read keeps ≥ 30 % of the baseline with p99 ≤ 50 ms at 100 connections. */
const MIN_BASELINE_RATIO = 0.3;
const MAX_P99_MS = 50;

/**
 * protocol.md §4, "Intake": `GET /patient/profile/` as the demo patient, answered sealed under
 * a fresh server salt: the auth statement, `Z` decrypted, the saved profile and its draft read
 * (the saved one decrypted at rest), the read's audit row, HKDF + AES + HMAC of the answer.
 */
export async function profileReadScenario(portalUrl: string): Promise<Scenario> {
  await completeProfile(portalUrl);
  return {
    name: 'profile GET',
    request: `GET ${PATH} (sealed)`,
    connections: PROFILE_READ_CONNECTIONS,
    minBaselineRatio: MIN_BASELINE_RATIO,
    maxP99Ms: MAX_P99_MS,
    load: { url: apiUrl(portalUrl, PATH), headers: await signedInPatientHeaders(portalUrl) },
  };
}

/** The demo seed saves only names and birth date; a patient past the intake's first step has them all. */
async function completeProfile(portalUrl: string): Promise<void> {
  const patient = new PortalClient({ baseUrl: portalUrl });
  await patient.handshake();
  await patient.login(DEMO_PATIENT.email, DEMO_PATIENT.password);
  const saved = await patient.get<{ value: unknown; version: number }>(PATH);
  if (!INTAKE_RESOURCES.profile.safeParse(saved.value).success) {
    await patient.post(PATH, { version: saved.version, value: SAMPLE_INTAKE.profile }, { encrypt: true });
  }
}
