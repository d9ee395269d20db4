import { apiUrl } from '../api-url.ts';
import type { Scenario } from '../scenario.ts';
import { signedInPatientHeaders } from './signed-in.ts';

const CONNECTIONS = 100;
/** Target: the call every open web app makes every 10 s (protocol.md §8) costs at most 2× a bare route. */
const MIN_BASELINE_RATIO = 0.5;
/** The sizing behind that ratio: one node carries the 10 s polls of 50,000 open web apps. */
const MIN_POLLS_PER_SECOND = 50_000 / 10;
/**
 * Distinct signed-in sessions the load rotates over, one per request: the server keeps a per-node
 * cache of session checks (decision 0008), and one hot session would measure only its best case.
 */
const SESSIONS = 200;
// Each sign-in is an argon2 verification: a few at a time keeps the setup short on 2 cores.
const SIGN_INS_AT_ONCE = 4;

/** protocol.md §7: GET /patient/event/ from many signed-in sessions of the demo patient, no event pending. */
export async function eventPollScenario(portalUrl: string): Promise<Scenario> {
  const sessions: Record<string, string>[] = [];
  while (sessions.length < SESSIONS) {
    const batch = Math.min(SIGN_INS_AT_ONCE, SESSIONS - sessions.length);
    sessions.push(
      ...(await Promise.all(Array.from({ length: batch }, () => signedInPatientHeaders(portalUrl)))),
    );
  }
  return {
    name: 'event poll',
    request: `GET /patient/event/ (${SESSIONS} sessions)`,
    connections: CONNECTIONS,
    yardstick: 'paired baseline',
    minRatio: MIN_BASELINE_RATIO,
    minRequestsPerSecond: MIN_POLLS_PER_SECOND,
    load: {
      url: apiUrl(portalUrl, '/patient/event/'),
      // Each connection walks the sessions in turn. One request each, built once: a setupRequest
      // rebuilt every request and cost the load generator about a third of its CPU per poll,
      // which the baseline's static request does not pay, on the cores the portal shares.
      requests: sessions.map((headers) => ({ headers })),
    },
  };
}
