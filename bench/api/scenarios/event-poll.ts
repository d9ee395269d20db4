import { apiUrl } from '../api-url.ts';
import type { Scenario } from '../scenario.ts';
import { signedInPatientHeaders } from './signed-in-patient.ts';

export const EVENT_POLL_CONNECTIONS = 100;
/** Target: the call every open web app makes every 10 s (protocol.md §8) costs at most 2× a bare route. */
const MIN_BASELINE_RATIO = 0.5;

/** protocol.md §7: GET /patient/event/ as a signed-in patient with no pending event. */
export async function eventPollScenario(portalUrl: string): Promise<Scenario> {
  return {
    name: 'event poll',
    request: 'GET /patient/event/',
    connections: EVENT_POLL_CONNECTIONS,
    minBaselineRatio: MIN_BASELINE_RATIO,
    load: {
      url: apiUrl(portalUrl, '/patient/event/'),
      headers: await signedInPatientHeaders(portalUrl),
    },
  };
}
