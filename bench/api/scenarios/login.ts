import { DEMO_PATIENT } from '../demo-accounts.ts';
import { apiUrl } from '../api-url.ts';
import { SealedLoginPool } from '../sealed-logins.ts';
import type { Scenario } from '../scenario.ts';

const CONNECTIONS = 50;
/**
 * Logins a second the pool is sized for. Each login is an argon2id verification (19 MiB, t=2:
 * tens of ms of one core), so a 2-core machine manages well under 100; running dry is reported.
 */
const LOGIN_CEILING_PER_SECOND = 300;
/**
 * Argon2 runs off the main thread, so during the storm the portal's own event-loop
 * delay (nodejs_eventloop_lag_p99_seconds, as a dashboard shows it) stays ≤ 20 ms.
 */
const MAX_EVENT_LOOP_P99_MS = 20;

/** protocol.md §5: POST /token/ as the demo patient, every request under its own salt. */
export async function loginScenario(portalUrl: string, totalSeconds: number): Promise<Scenario> {
  const pool = await SealedLoginPool.create({
    portalUrl,
    credentials: DEMO_PATIENT,
    handshakes: CONNECTIONS,
    size: Math.ceil(totalSeconds * LOGIN_CEILING_PER_SECOND),
  });
  return {
    name: 'login',
    request: 'POST /token/',
    connections: CONNECTIONS,
    maxEventLoopP99Ms: MAX_EVENT_LOOP_P99_MS,
    load: {
      url: apiUrl(portalUrl, '/token/'),
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // autocannon builds each request anew when setupRequest is set: one fresh salt per request.
      requests: [
        {
          setupRequest: (request) => {
            const login = pool.next();
            return {
              ...request,
              headers: { ...request.headers, uid: login.uid, salt: login.salt },
              body: login.body,
            };
          },
        },
      ],
    },
    problems: () =>
      pool.exhausted > 0
        ? [`${pool.exhausted} logins reused a salt: raise LOGIN_CEILING_PER_SECOND in api/scenarios/login.ts`]
        : [],
  };
}
