import { apiUrl } from '../api-url.ts';
import type { Scenario } from '../scenario.ts';
import { signedInPatientHeaders } from './signed-in-patient.ts';

const PATH = '/patient/documents/';
const CONNECTIONS = 100;

/**
 * protocol.md §7: the demo patient's documents page (the seed assigns one consent form to sign
 * and publishes one reference document, the privacy notice), answered sealed: the auth
 * statement, then one transaction of the assignments, the reference documents, the counts by
 * status and the audit row, then the envelope.
 */
export async function documentsListScenario(portalUrl: string): Promise<Scenario> {
  return {
    name: 'documents list',
    request: `GET ${PATH} (sealed)`,
    connections: CONNECTIONS,
    load: { url: apiUrl(portalUrl, PATH), headers: await signedInPatientHeaders(portalUrl) },
  };
}
