import { PortalClient } from '@portal/protocol';
import { apiUrl } from '../api-url.ts';
import { DEMO_PATIENT } from '../demo-patient.ts';
import type { Scenario } from '../scenario.ts';

export const EVENT_POLL_CONNECTIONS = 100;
/** Target: the call every open web app makes every 10 s (protocol.md §8) costs at most 2× a bare route. */
const MIN_BASELINE_RATIO = 0.5;

/** protocol.md §7: GET /patient/event/ as a signed-in patient with no pending event. */
export async function eventPollScenario(portalUrl: string): Promise<Scenario> {
  const patient = new PortalClient({ baseUrl: portalUrl });
  await patient.handshake();
  const signIn = await patient.login(DEMO_PATIENT.email, DEMO_PATIENT.password);
  if (signIn.mfa || patient.access === undefined || patient.uid === undefined) {
    throw new Error('The demo patient did not get tokens; is multi-factor authentication on?');
  }
  return {
    name: 'event poll',
    request: 'GET /patient/event/',
    connections: EVENT_POLL_CONNECTIONS,
    minBaselineRatio: MIN_BASELINE_RATIO,
    load: {
      url: apiUrl(portalUrl, '/patient/event/'),
      headers: { authorization: `Bearer ${patient.access}`, uid: patient.uid },
    },
  };
}
