import { apiUrl } from '../api-url.ts';
import type { Scenario } from '../scenario.ts';
import { baselineScenario } from './baseline.ts';
import { signedInPatientHeaders } from './signed-in.ts';

const CONNECTIONS = 100;
/**
 * Target: the call every open web app makes every 10 s (protocol.md §8) keeps four fifths of
 * what the same token check on a bare Fastify route reaches.
 */
const MIN_POLL_FLOOR_RATIO = 0.8;
/** The sizing behind that ratio: one node carries the 10 s polls of 50,000 open web apps. */
const MIN_POLLS_PER_SECOND = 50_000 / 10;
/**
 * Distinct signed-in sessions the load rotates over, one per request: the server keeps a per-node
 * cache of session checks (decision 0008), and one hot session would measure only its best case.
 */
const SESSIONS = 200;
// Each sign-in is an argon2 verification: a few at a time keeps the setup short on 2 cores.
const SIGN_INS_AT_ONCE = 4;
const WARMING_POLLS_AT_ONCE = 10;
const PATH = '/patient/event/';

export const POLL_FLOOR_NAME = 'poll floor';
export const POLL_BASELINE_NAME = 'bare baseline';

/** The headers of SESSIONS sessions of the demo patient, each signed in on its own handshake. */
export async function pollSessions(portalUrl: string): Promise<Record<string, string>[]> {
  const sessions: Record<string, string>[] = [];
  while (sessions.length < SESSIONS) {
    const batch = Math.min(SIGN_INS_AT_ONCE, SESSIONS - sessions.length);
    sessions.push(
      ...(await Promise.all(Array.from({ length: batch }, () => signedInPatientHeaders(portalUrl)))),
    );
  }
  return sessions;
}

/**
 * Each connection walks the sessions in turn. One request each, built once: a setupRequest
 * rebuilt every request and cost the load generator about a third of its CPU per poll, which
 * the yardsticks' static requests do not pay, on the cores the portal shares.
 */
const pollLoad = (baseUrl: string, sessions: readonly Record<string, string>[]) => ({
  url: apiUrl(baseUrl, PATH),
  requests: sessions.map((headers) => ({ headers })),
});

/** The bare hello-world at the poll's connections: the poll's former yardstick, printed beside it. */
export function pollBaselineScenario(baselineUrl: string): Scenario {
  return { ...baselineScenario(baselineUrl, CONNECTIONS), name: POLL_BASELINE_NAME };
}

/** poll-floor-server.ts with the poll's own requests: the token check alone. No target of its own. */
export function pollFloorScenario(floorUrl: string, sessions: readonly Record<string, string>[]): Scenario {
  return {
    name: POLL_FLOOR_NAME,
    request: `GET ${PATH} (Fastify + the token check)`,
    connections: CONNECTIONS,
    load: pollLoad(floorUrl, sessions),
  };
}

/**
 * Each session polls once, a few at a time, as every open web app has before the hour a node is
 * measured in. Without it the load's connections, which walk the sessions in the same order,
 * meet each session's first poll together: a hundred auth statements for one session the node
 * has not cached yet (decision 0008), a herd no real set of web apps makes.
 */
async function pollEachSessionOnce(portalUrl: string, sessions: readonly Record<string, string>[]) {
  const url = apiUrl(portalUrl, PATH);
  for (let i = 0; i < sessions.length; i += WARMING_POLLS_AT_ONCE) {
    await Promise.all(
      sessions.slice(i, i + WARMING_POLLS_AT_ONCE).map(async (headers) => {
        const response = await fetch(url, { headers });
        if (!response.ok) throw new Error(`a poll to warm the sessions answered ${response.status}`);
        await response.arrayBuffer();
      }),
    );
  }
}

/** protocol.md §7: GET /patient/event/ from many signed-in sessions of the demo patient, no event pending. */
export function eventPollScenario(portalUrl: string, sessions: readonly Record<string, string>[]): Scenario {
  return {
    beforeRun: () => pollEachSessionOnce(portalUrl, sessions),
    name: 'event poll',
    request: `GET ${PATH} (${sessions.length} sessions)`,
    connections: CONNECTIONS,
    yardstick: { row: POLL_FLOOR_NAME },
    alsoAgainst: { row: POLL_BASELINE_NAME },
    minRatio: MIN_POLL_FLOOR_RATIO,
    minRequestsPerSecond: MIN_POLLS_PER_SECOND,
    load: pollLoad(portalUrl, sessions),
  };
}
