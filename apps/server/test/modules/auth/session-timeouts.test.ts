import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PortalClient } from '@portal/protocol/testing';
import { sessions, settings } from '../../../src/db/schema/index.ts';
import { DEMO_ADMIN, DEMO_PATIENT } from '../../../testing/test-portal.ts';
import { twoNodesOnOneDatabase } from '../../../testing/two-nodes.ts';
import { codeOf } from '../../../testing/answers.ts';

const MINUTE = 60_000;

// Two nodes on one database and one clock: a setting saved on A must hold on B at once.
const nodes = twoNodesOnOneDatabase();
const { clock } = nodes;

/** What the open web app sends every 10 s on its own. */
const poll = (c: PortalClient) => c.send({ method: 'GET', path: '/patient/event/' });
/** Something the patient asked for. */
const use = (c: PortalClient) => c.send({ method: 'GET', path: '/patient/insurance/' });
const refresh = (c: PortalClient) =>
  c.send({ method: 'POST', path: '/token/refresh/', body: { refresh: c.refreshToken } });

/** Saves timeouts as an administrator who has just signed in (an idle admin would be signed out too). */
async function setTimeouts(values: { idle_timeout_minutes?: number; session_timeout_minutes?: number }) {
  const admin = await nodes.a.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const saved = await admin.send({ method: 'POST', path: '/admin/settings/', body: values, encrypt: true });
  expect(codeOf(saved)).toBe(0);
}

/** Moves both nodes' clock on. */
const after = (minutes: number) => clock.advance(minutes * MINUTE);

/**
 * The open web app left alone for a while within the limit: the client refreshes its
 * 15-minute access token as it runs out, as the web does before a poll. Neither counts as use.
 */
async function idleFor(c: PortalClient, minutes: number) {
  for (let left = minutes; left > 0; left -= 14) {
    after(Math.min(14, left));
    await c.refresh();
  }
}

async function patientOnB() {
  return nodes.b.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password);
}

async function revokedReason(c: PortalClient) {
  const claims = JSON.parse(Buffer.from(c.access!.split('.')[1]!, 'base64url').toString()) as { sid: string };
  const [row] = await nodes.a.portal.ctx.db.select().from(sessions).where(eq(sessions.id, claims.sid));
  return row?.revokedReason;
}

describe('idle timeout (settings idle_timeout_minutes)', () => {
  it('ends a session unused for longer than the limit: the next request and a refresh answer 10401', async () => {
    await setTimeouts({ idle_timeout_minutes: 30, session_timeout_minutes: 720 });
    const c = await patientOnB();
    await idleFor(c, 28);
    expect(codeOf(await poll(c))).toBe(0);
    after(3);
    expect(codeOf(await poll(c))).toBe(10401);
    expect(codeOf(await refresh(c))).toBe(10401);
    expect(await revokedReason(c)).toBe('timeout');
  });

  it('refuses the refresh of a session idle past the limit even before any request noticed', async () => {
    await setTimeouts({ idle_timeout_minutes: 30, session_timeout_minutes: 720 });
    const c = await patientOnB();
    after(31);
    expect(codeOf(await refresh(c))).toBe(10401);
    expect(await revokedReason(c)).toBe('timeout');
  });

  it('keeps a session the patient uses alive past the limit, counted from the last use', async () => {
    await setTimeouts({ idle_timeout_minutes: 30, session_timeout_minutes: 720 });
    const c = await patientOnB();
    for (let i = 0; i < 4; i++) {
      await idleFor(c, 14);
      expect(codeOf(await use(c))).toBe(0);
    }
    // 84 minutes after sign-in, 28 after the last use.
    await idleFor(c, 28);
    expect(codeOf(await poll(c))).toBe(0);
  });

  it('does not count the event poll or a refresh as use, so an open but untouched app times out', async () => {
    await setTimeouts({ idle_timeout_minutes: 30, session_timeout_minutes: 720 });
    const c = await patientOnB();
    for (let i = 0; i < 14; i++) {
      await idleFor(c, 2);
      expect(codeOf(await poll(c))).toBe(0);
    }
    after(3);
    expect(codeOf(await poll(c))).toBe(10401);
  });

  it('applies a changed limit at once, also on the other node, in both directions', async () => {
    await setTimeouts({ idle_timeout_minutes: 60, session_timeout_minutes: 720 });
    const c = await patientOnB();
    await idleFor(c, 45);
    expect(codeOf(await poll(c))).toBe(0);
    await setTimeouts({ idle_timeout_minutes: 40 });
    expect(codeOf(await poll(c))).toBe(10401);
    await setTimeouts({ idle_timeout_minutes: 60 });
    // An ended session stays ended when the limit grows again.
    expect(codeOf(await poll(c))).toBe(10401);

    const d = await patientOnB();
    await setTimeouts({ idle_timeout_minutes: 5 });
    after(6);
    await setTimeouts({ idle_timeout_minutes: 60 });
    // Nothing looked at d while the limit was 5: the longer limit holds for it at once.
    expect(codeOf(await poll(d))).toBe(0);
  });
});

describe('a stored limit the settings schema no longer accepts', () => {
  it('is the default limit in force, not an error: 30 idle minutes', async () => {
    // As a row an older release or a hand edit could leave: no administrator can save it.
    await nodes.a.portal.ctx.db
      .insert(settings)
      .values({ key: 'idle_timeout_minutes', value: 'half an hour' })
      .onConflictDoUpdate({ target: settings.key, set: { value: 'half an hour' } });
    const kept = await patientOnB();
    await idleFor(kept, 29);
    expect(codeOf(await use(kept))).toBe(0);
    const idle = await patientOnB();
    await idleFor(idle, 28);
    after(3);
    expect(codeOf(await poll(idle))).toBe(10401);
    await nodes.a.portal.ctx.db.delete(settings).where(eq(settings.key, 'idle_timeout_minutes'));
  });
});

describe('session timeout (settings session_timeout_minutes)', () => {
  it('caps the session from sign-in however active it is: refresh and requests answer 10401 after it', async () => {
    await setTimeouts({ idle_timeout_minutes: 30, session_timeout_minutes: 60 });
    const c = await patientOnB();
    for (let i = 0; i < 4; i++) {
      await idleFor(c, 14);
      expect(codeOf(await use(c))).toBe(0);
    }
    after(5);
    expect(codeOf(await refresh(c))).toBe(10401);
    expect(codeOf(await use(c))).toBe(10401);
    expect(await revokedReason(c)).toBe('timeout');
    await setTimeouts({ idle_timeout_minutes: 30, session_timeout_minutes: 720 });
  });
});
