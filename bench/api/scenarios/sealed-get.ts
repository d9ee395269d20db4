import { PortalClient } from '@portal/protocol';
// A typical patient's record: one primary coverage (the demo seed has none).
import { SAMPLE_COVERAGE as COVERAGE } from '@portal/server/src/testing/intake-samples.ts';
import { apiUrl } from '../api-url.ts';
import { DEMO_PATIENT } from '../demo-patient.ts';
import type { Scenario } from '../scenario.ts';
import { signedInPatientHeaders } from './signed-in-patient.ts';

const CONNECTIONS = 100;
/** Issue 11: an encrypted read keeps ≥ 30 % of the baseline with p99 ≤ 50 ms at 100 connections. */
const MIN_BASELINE_RATIO = 0.3;
const MAX_P99_MS = 50;

/**
 * protocol.md §4: a sealed GET as a signed-in patient. `GET /patient/insurance/` (the issue's
 * "profile" read: there is no profile route of its own) answers the patient's coverages under
 * a fresh server salt: the auth statement, Z decrypted, one read of the patient's coverage
 * (decrypted at rest) and its audit row, HKDF + AES + HMAC of the answer.
 */
export async function sealedGetScenario(portalUrl: string): Promise<Scenario> {
  await ensureCoverage(portalUrl);
  return {
    name: 'sealed GET',
    request: 'GET /patient/insurance/ (sealed)',
    connections: CONNECTIONS,
    minBaselineRatio: MIN_BASELINE_RATIO,
    maxP99Ms: MAX_P99_MS,
    load: {
      url: apiUrl(portalUrl, '/patient/insurance/'),
      headers: await signedInPatientHeaders(portalUrl),
    },
  };
}

async function ensureCoverage(portalUrl: string): Promise<void> {
  const patient = new PortalClient({ baseUrl: portalUrl });
  await patient.handshake();
  await patient.login(DEMO_PATIENT.email, DEMO_PATIENT.password);
  const coverages = await patient.get<unknown[]>('/patient/insurance/');
  if (coverages.length === 0) {
    await patient.post('/patient/insurance/', { version: 0, value: COVERAGE }, { encrypt: true });
  }
}
