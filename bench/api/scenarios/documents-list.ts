import { apiUrl } from '../api-url.ts';
import type { Scenario } from '../scenario.ts';
import { PROFILE_READ_NAME } from './profile-read.ts';
import { signedInPatientHeaders } from './signed-in.ts';

const PATH = '/patient/documents/';
const CONNECTIONS = 100;
/** Target: the documents page, a sealed read of a few rows, keeps half the profile read's rate. */
const MIN_PROFILE_RATIO = 0.5;

/**
 * protocol.md §7: the demo patient's documents page (the seed assigns one consent form to sign
 * and publishes one reference document, the privacy notice), answered sealed: the auth
 * statement, the assignments, the reference documents, the counts by status and the audit
 * row, then the envelope. Runs right after the profile read it is judged against.
 */
export async function documentsListScenario(portalUrl: string): Promise<Scenario> {
  return {
    name: 'documents list',
    request: `GET ${PATH} (sealed)`,
    connections: CONNECTIONS,
    yardstick: { row: PROFILE_READ_NAME },
    minRatio: MIN_PROFILE_RATIO,
    load: { url: apiUrl(portalUrl, PATH), headers: await signedInPatientHeaders(portalUrl) },
  };
}
