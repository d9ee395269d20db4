import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalClient } from '@portal/protocol/testing';
import { DEMO_PATIENT, startTestPortal, type TestPortal } from '../../testing/test-portal.ts';

/**
 * Sign-up and password reset must not tell, by how long they take, whether an address
 * has an account. Known and unknown requests alternate, so whatever else loads the machine loads
 * both alike; the mail queue is drained between requests, so one request's mail is not timed as
 * part of the next. The statistic is rank-based (how often a known request was faster than an
 * unknown one: 0.5 when the two take the same time, 1 or 0 when one path does more work), so
 * it does not depend on how fast the machine is. Tight figures: bench/enumeration.ts.
 */
const ROUNDS = 40;
/**
 * Two equal distributions land outside this about once in 10,000 runs at 40 rounds; the code
 * before the equal-work fix gave 0.89 (sign-up) and 0.00 (reset) on a machine at load 12.
 */
const BOUNDS = [0.25, 0.75] as const;
/** 160 sign-ups hash 160 passwords: minutes on a loaded machine, and that is no failure. */
const SLOW = { timeout: 300_000 };

let t: TestPortal;
let c: PortalClient;
beforeAll(async () => {
  t = await startTestPortal();
  c = t.client();
  await c.handshake();
});
afterAll(() => t.close());

/** How often a sample of `a` was faster than one of `b` (ties count half): the Mann-Whitney U over n². */
function fasterShare(a: number[], b: number[]): number {
  let wins = 0;
  for (const x of a) for (const y of b) wins += x < y ? 1 : x === y ? 0.5 : 0;
  return wins / (a.length * b.length);
}

async function compare(request: (known: boolean, round: number) => Promise<unknown>) {
  const known: number[] = [];
  const unknown: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate which goes first, so neither always follows the other.
    for (const isKnown of round % 2 ? [true, false] : [false, true]) {
      const started = performance.now();
      await request(isKnown, round);
      (isKnown ? known : unknown).push(performance.now() - started);
      await t.portal.mailQueue.drain();
    }
  }
  return fasterShare(known, unknown);
}

describe('account enumeration by time', () => {
  it('answers a sign-up for an address with an account in the same time as for a new one', SLOW, async () => {
    const share = await compare((known, round) =>
      c.signup({
        email: known ? DEMO_PATIENT.email : `timing-${round}-${Date.now()}@example.com`,
        password: 'Quiet-forest-trail-8',
        first_name: 'Tim',
        last_name: 'Ing',
        date_of_birth: '1970-01-01',
        agree_terms: true,
        locale: 'gb',
      }),
    );
    expect(share).toBeGreaterThan(BOUNDS[0]);
    expect(share).toBeLessThan(BOUNDS[1]);
  });

  it(
    'answers a password reset for an address with an account in the same time as for an unknown one',
    SLOW,
    async () => {
      const share = await compare((known, round) =>
        c.send({
          method: 'POST',
          path: '/token/password/reset/',
          body: { email: known ? DEMO_PATIENT.email : `nobody-${round}@example.com` },
        }),
      );
      expect(share).toBeGreaterThan(BOUNDS[0]);
      expect(share).toBeLessThan(BOUNDS[1]);
    },
  );
});
