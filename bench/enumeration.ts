import { pathToFileURL } from 'node:url';
import { PortalClient } from '@portal/protocol/testing';
import { DEMO_PATIENT } from './api/demo-accounts.ts';
import { startPortal } from './api/start-portal.ts';
import { percentile } from './lib/percentile.ts';
import { formatTable } from './lib/table.ts';

/**
 * Account enumeration by time: sign-up and password reset against the real server,
 * an address with an account alternating with one without, sequentially (one request at a
 * time, as someone probing would). Targets: medians within 15 % of each other, and a known
 * request the faster one in 35–65 % of pairs (0.5 = indistinguishable). The loose version of
 * the same comparison runs in the test suite (apps/server/test/attacks/enumeration-timing.test.ts).
 *
 *   npm run bench -- enumeration        (DATABASE_URL picks PostgreSQL, else PGlite)
 */
const ROUNDS = 80;
const MEDIAN_GAP = 0.15;
const SHARE_BOUNDS = [0.35, 0.65] as const;

function fasterShare(a: readonly number[], b: readonly number[]): number {
  let wins = 0;
  for (const x of a) for (const y of b) wins += x < y ? 1 : x === y ? 0.5 : 0;
  return wins / (a.length * b.length);
}

async function timeBoth(send: (known: boolean, round: number) => Promise<unknown>) {
  const known: number[] = [];
  const unknown: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const isKnown of round % 2 ? [true, false] : [false, true]) {
      const started = performance.now();
      await send(isKnown, round);
      (isKnown ? known : unknown).push(performance.now() - started);
      // The queue sends after the answer: let it finish so it is not timed with the next request.
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
  }
  return { known: known.sort((x, y) => x - y), unknown: unknown.sort((x, y) => x - y) };
}

export async function runEnumerationSuite(): Promise<boolean> {
  const portal = await startPortal(process.env.DATABASE_URL || undefined);
  try {
    const client = new PortalClient({ baseUrl: portal.service.baseUrl });
    await client.handshake();
    const run = Date.now();
    const cases = {
      'sign-up': await timeBoth((known, round) =>
        client.signup({
          email: known ? DEMO_PATIENT.email : `bench-${run}-${round}@example.com`,
          password: 'Quiet-forest-trail-8',
          first_name: 'Bench',
          last_name: 'Timing',
          date_of_birth: '1970-01-01',
          agree_terms: true,
          locale: 'gb',
        }),
      ),
      'password reset': await timeBoth((known, round) =>
        client.send({
          method: 'POST',
          path: '/token/password/reset/',
          body: { email: known ? DEMO_PATIENT.email : `nobody-${run}-${round}@example.com` },
        }),
      ),
    };
    let passed = true;
    const rows = Object.entries(cases).map(([name, { known, unknown }]) => {
      const [mk, mu] = [percentile(known, 50), percentile(unknown, 50)];
      const gap = Math.abs(mk - mu) / Math.max(mk, mu);
      const share = fasterShare(known, unknown);
      const ok = gap <= MEDIAN_GAP && share >= SHARE_BOUNDS[0] && share <= SHARE_BOUNDS[1];
      passed &&= ok;
      return [
        name,
        `${mk.toFixed(1)} / ${percentile(known, 90).toFixed(1)}`,
        `${mu.toFixed(1)} / ${percentile(unknown, 90).toFixed(1)}`,
        `${(gap * 100).toFixed(1)} %`,
        share.toFixed(2),
        ok ? 'pass' : 'MISS',
      ];
    });
    console.log(`Account enumeration by time (${portal.engine}, ${ROUNDS} requests of each kind)\n`);
    console.log(
      formatTable(
        [
          { header: 'request' },
          { header: 'account: p50 / p90 ms', align: 'right' },
          { header: 'no account: p50 / p90 ms', align: 'right' },
          { header: `median gap (≤ ${MEDIAN_GAP * 100} %)`, align: 'right' },
          { header: `known faster (${SHARE_BOUNDS.join('–')})`, align: 'right' },
          { header: 'target' },
        ],
        rows,
      ),
    );
    return passed;
  } finally {
    await portal.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = (await runEnumerationSuite()) ? 0 : 1;
}
