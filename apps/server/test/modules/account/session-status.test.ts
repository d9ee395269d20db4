import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionStatus } from '@portal/protocol';
import type { PortalClient } from '@portal/protocol/testing';
import { DEMO_ADMIN, startTestPortal, type TestPortal } from '../../../testing/test-portal.ts';
import { signedUpPatient } from '../../../testing/admin.ts';
import { codeOf } from '../../../testing/answers.ts';

const MINUTE = 60_000;

let t: TestPortal;
beforeAll(async () => {
  t = await startTestPortal();
  await setTimeouts({ idle_timeout_minutes: 10, session_timeout_minutes: 60 });
});
afterAll(() => t.close());

const statusOf = async (c: PortalClient) => sessionStatus.parse(await c.get('/account/session/'));
const extend = async (c: PortalClient) => sessionStatus.parse(await c.post('/account/session/extend/', {}));
const poll = (c: PortalClient) => c.send({ method: 'GET', path: '/patient/event/' });
/** Something the patient asked for. */
const use = (c: PortalClient) => c.send({ method: 'GET', path: '/account/sessions/' });
const after = (ms: number) => t.clock.advance(ms);

async function setTimeouts(values: { idle_timeout_minutes?: number; session_timeout_minutes?: number }) {
  const admin = await t.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const saved = await admin.send({ method: 'POST', path: '/admin/settings/', body: values, encrypt: true });
  expect(codeOf(saved)).toBe(0);
}

let patients = 0;
const freshPatient = async () => (await signedUpPatient(t, `idle-${++patients}@example.com`)).client;

describe('GET /account/session/', () => {
  it('answers the limits in force and the time left by idleness and by lifetime', async () => {
    const c = await freshPatient();
    after(3 * MINUTE);
    const status = await statusOf(c);
    expect(status).toMatchObject({ idle_timeout_minutes: 10, session_timeout_minutes: 60 });
    // Signed in 3 minutes ago and not used since (a few ms of request time either way).
    expect(status.idle_remaining_ms).toBeGreaterThan(7 * MINUTE - 2_000);
    expect(status.idle_remaining_ms).toBeLessThanOrEqual(7 * MINUTE);
    expect(status.lifetime_remaining_ms).toBeGreaterThan(57 * MINUTE - 2_000);
    expect(status.lifetime_remaining_ms).toBeLessThanOrEqual(57 * MINUTE);
  });

  it('is passive: reading it keeps no session alive, which ends at the idle limit', async () => {
    const c = await freshPatient();
    for (let i = 0; i < 4; i++) {
      after(2 * MINUTE);
      await statusOf(c);
    }
    expect((await statusOf(c)).idle_remaining_ms).toBeLessThanOrEqual(2 * MINUTE);
    after(2 * MINUTE + 1_000);
    const answer = await c.send({ method: 'GET', path: '/account/session/' });
    expect(answer.status).toBe(401);
    expect(codeOf(answer)).toBe(10401);
  });

  it('follows an administrator’s change of the limits at once', async () => {
    const c = await freshPatient();
    await setTimeouts({ idle_timeout_minutes: 20 });
    expect((await statusOf(c)).idle_timeout_minutes).toBe(20);
    expect((await statusOf(c)).idle_remaining_ms).toBeGreaterThan(19 * MINUTE);
    await setTimeouts({ idle_timeout_minutes: 10 });
  });
});

describe('POST /account/session/extend/ ("stay signed in")', () => {
  it('counts as use now, past the once-a-minute throttle, so the full idle time is left', async () => {
    const c = await freshPatient();
    after(30_000);
    expect(codeOf(await use(c))).toBe(0);
    after(30_000);
    // The use 30 s ago was within the throttle and not written: the server still counts from sign-in.
    expect((await statusOf(c)).idle_remaining_ms).toBeLessThanOrEqual(9 * MINUTE);
    const extended = await extend(c);
    expect(extended.idle_remaining_ms).toBeGreaterThan(10 * MINUTE - 1_000);
    expect(Date.parse(extended.last_used_at)).toBeLessThanOrEqual(t.clock.now().getTime());
    expect(Date.parse(extended.last_used_at)).toBeGreaterThan(t.clock.now().getTime() - 2_000);
    expect(extended.lifetime_remaining_ms).toBeLessThanOrEqual(59 * MINUTE);
  });

  it('keeps the session past the limit it had before', async () => {
    const c = await freshPatient();
    after(8 * MINUTE);
    await extend(c);
    after(8 * MINUTE);
    // The 15-minute access token has run out; a refresh is not a use (decision 0006).
    await c.refresh();
    // 16 minutes after sign-in with a 10-minute limit: alive, the poll included.
    expect(codeOf(await poll(c))).toBe(0);
    expect((await statusOf(c)).idle_remaining_ms).toBeLessThanOrEqual(2 * MINUTE);
    after(2 * MINUTE + 1_000);
    expect(codeOf(await poll(c))).toBe(10401);
  });

  it('cannot lengthen the lifetime', async () => {
    await setTimeouts({ idle_timeout_minutes: 10, session_timeout_minutes: 15 });
    const c = await freshPatient();
    after(9 * MINUTE);
    expect((await extend(c)).lifetime_remaining_ms).toBeLessThanOrEqual(6 * MINUTE);
    after(6 * MINUTE + 1_000);
    const answer = await c.send({ method: 'POST', path: '/account/session/extend/', body: {} });
    expect(codeOf(answer)).toBe(10401);
    await setTimeouts({ idle_timeout_minutes: 10, session_timeout_minutes: 60 });
  });

  it('does not revive a session that has already idled out', async () => {
    const c = await freshPatient();
    after(10 * MINUTE + 1_000);
    const answer = await c.send({ method: 'POST', path: '/account/session/extend/', body: {} });
    expect(answer.status).toBe(401);
    expect(codeOf(answer)).toBe(10401);
  });
});
