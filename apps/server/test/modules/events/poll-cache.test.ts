import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { PortalClient, PortalResponse } from '@portal/protocol/testing';
import { sessions, users } from '../../../src/db/schema/index.ts';
import { DEMO_ADMIN, DEMO_PATIENT, type TestPortal } from '../../../testing/test-portal.ts';
import { twoNodesOnOneDatabase } from '../../../testing/two-nodes.ts';
import { queueEvent } from '../../../src/modules/events/event-queries.ts';
import { codeOf } from '../../../testing/answers.ts';

// Decision 0008: the event poll is answered from each node's cache of the auth statement, which
// the database's notifications keep honest. Two nodes on one database and one clock.
const nodes = twoNodesOnOneDatabase();
const { clock } = nodes;
let patientId: string;
beforeAll(async () => {
  const [row] = await nodes.a.portal.ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_PATIENT.email));
  patientId = row!.id;
});

const poll = (c: PortalClient) => c.send({ method: 'GET', path: '/patient/event/' });
const eventOf = (answer: PortalResponse) => (answer.body as { data?: { name: string | null } }).data?.name;

function claimsOf(c: PortalClient) {
  const payload = JSON.parse(Buffer.from(c.access!.split('.')[1]!, 'base64url').toString()) as {
    sid: string;
    sub: string;
    uid: string;
  };
  return { sessionId: payload.sid, userId: payload.sub, uid: payload.uid };
}

/** Revokes the client's session on node A by a plain SQL update, behind the portal's back. */
const revokeOnA = (c: PortalClient) =>
  nodes.a.portal.ctx.db
    .update(sessions)
    .set({ revokedAt: clock.now(), revokedReason: 'admin' })
    .where(eq(sessions.id, claimsOf(c).sessionId));

/** Whether `node` answers this client's poll from its cache. */
function cachedOn(node: TestPortal, c: PortalClient): boolean {
  const { sessionId, uid, userId } = claimsOf(c);
  return node.portal.ctx.liveness.lookup(sessionId, uid, userId) !== undefined;
}

/** A poll that `node` has answered from the database, so the next one is answered from its cache. */
async function cachedPoll(node: TestPortal, c: PortalClient) {
  expect(codeOf(await poll(c))).toBe(0);
  expect(cachedOn(node, c)).toBe(true);
  expect(codeOf(await poll(c))).toBe(0);
}

/**
 * Polls until the answer satisfies `done`: a notification is delivered when the writer commits,
 * a moment later on another connection. Bounded, so a missing notification fails the test.
 */
async function pollUntil(
  c: PortalClient,
  done: (answer: PortalResponse) => boolean,
): Promise<PortalResponse> {
  let answer = await poll(c);
  for (let attempt = 0; attempt < 200 && !done(answer); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    answer = await poll(c);
  }
  return answer;
}

const refused = (answer: PortalResponse) => codeOf(answer) === 10401;

async function patientOn(node: TestPortal) {
  return node.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password);
}

async function adminOn(node: TestPortal) {
  return node.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
}

describe('the event poll answered from the node cache', () => {
  it('refuses a poll after logout on the same node at once (10014: logout ends the handshake too)', async () => {
    const c = await patientOn(nodes.b);
    await cachedPoll(nodes.b, c);
    const access = c.access;
    const uid = c.uid;
    await c.logout();
    c.access = access;
    c.uid = uid;
    expect(cachedOn(nodes.b, c)).toBe(false);
    expect(codeOf(await poll(c))).toBe(10014);
  });

  it('refuses a poll after "end session" on the same node at once', async () => {
    const c = await patientOn(nodes.b);
    const other = await patientOn(nodes.b);
    await cachedPoll(nodes.b, c);
    const ended = await other.send({
      method: 'POST',
      path: '/account/sessions/end/',
      body: { id: claimsOf(c).sessionId },
    });
    expect(codeOf(ended)).toBe(0);
    expect(codeOf(await poll(c))).toBe(10401);
  });

  it('refuses on node B a session revoked on node A by a plain SQL update', async () => {
    const c = await patientOn(nodes.b);
    await cachedPoll(nodes.b, c);
    await revokeOnA(c);
    expect(refused(await pollUntil(c, refused))).toBe(true);
  });

  it('refuses on node B a user deactivated on node A, even without ending the sessions', async () => {
    const c = await patientOn(nodes.b);
    await cachedPoll(nodes.b, c);
    await nodes.a.portal.ctx.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, patientId));
    try {
      expect(refused(await pollUntil(c, refused))).toBe(true);
    } finally {
      await nodes.a.portal.ctx.db.update(users).set({ status: 'active' }).where(eq(users.id, patientId));
    }
  });

  it('refuses on node B a patient whose roles an administrator changed on node A', async () => {
    const c = await patientOn(nodes.b);
    await cachedPoll(nodes.b, c);
    const admin = await adminOn(nodes.a);
    const changed = await admin.send({
      method: 'POST',
      path: '/admin/users/access/',
      body: { id: patientId, roles: ['admin'], auths: [] },
      encrypt: true,
    });
    try {
      expect(codeOf(changed)).toBe(0);
      expect(refused(await pollUntil(c, refused))).toBe(true);
    } finally {
      await nodes.a.portal.ctx.db
        .update(users)
        .set({ roles: ['user'] })
        .where(eq(users.id, patientId));
    }
  });

  it('answers the cached empty poll with the same bytes and headers as any other API answer', async () => {
    const c = await patientOn(nodes.b);
    await cachedPoll(nodes.b, c);
    const polled = await fetch(`${nodes.b.baseUrl}/backend/api/v1/patient/event/`, {
      headers: { authorization: `Bearer ${c.access}`, uid: c.uid! },
    });
    const other = await fetch(`${nodes.b.baseUrl}/backend/api/v1/public/config/`);
    expect(await polled.text()).toBe('{"code":0,"data":{"name":null}}');
    const perAnswer = new Set(['date', 'content-length', 'x-request-id', 'etag', 'keep-alive', 'connection']);
    const shared = (headers: Headers) => [...headers].filter(([name]) => !perAnswer.has(name));
    expect(shared(polled.headers)).toEqual(shared(other.headers));
    expect(polled.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(polled.headers.get('cache-control')).toBe('no-store');
  });

  it('hands node B an event queued on node A', async () => {
    const c = await patientOn(nodes.b);
    await cachedPoll(nodes.b, c);
    // Both polls found nothing: node B now knows the patient has no event pending.
    expect(nodes.b.portal.ctx.liveness.mayHaveEvent(patientId)).toBe(false);
    await queueEvent(nodes.a.portal.ctx, nodes.a.portal.ctx.db, patientId, 'message');
    const answer = await pollUntil(c, (r) => eventOf(r) !== null);
    expect(eventOf(answer)).toBe('message');
    expect(eventOf(await poll(c))).toBeNull();
  });

  it('hands over an event queued on the same node at the next poll', async () => {
    const c = await patientOn(nodes.b);
    await cachedPoll(nodes.b, c);
    await queueEvent(nodes.b.portal.ctx, nodes.b.portal.ctx.db, patientId, 'refresh_token');
    expect(eventOf(await poll(c))).toBe('refresh_token');
  });

  it('applies an idle timeout shortened on node A to node B once the clock passes it', async () => {
    const admin = await adminOn(nodes.a);
    const save = async (idle: number) => {
      const saved = await admin.send({
        method: 'POST',
        path: '/admin/settings/',
        body: { idle_timeout_minutes: idle },
        encrypt: true,
      });
      expect(codeOf(saved)).toBe(0);
    };
    await save(60);
    const c = await patientOn(nodes.b);
    clock.advance(4 * 60_000);
    await cachedPoll(nodes.b, c);
    await save(5);
    clock.advance(2 * 60_000);
    const answer = await pollUntil(c, refused);
    await save(30);
    expect(refused(answer)).toBe(true);
    const [row] = await nodes.a.portal.ctx.db
      .select({ reason: sessions.revokedReason })
      .from(sessions)
      .where(eq(sessions.id, claimsOf(c).sessionId));
    expect(row?.reason).toBe('timeout');
  });

  it('reports the session status from the database, not the cache: a use recorded elsewhere shows at once', async () => {
    const c = await patientOn(nodes.b);
    await cachedPoll(nodes.b, c);
    clock.advance(2 * 60_000);
    // What a request of the same session on another node writes: last use moves, nobody is told.
    const usedAt = clock.now();
    await nodes.a.portal.ctx.db
      .update(sessions)
      .set({ lastUsedAt: usedAt })
      .where(eq(sessions.id, claimsOf(c).sessionId));
    const status = await c.get<{ last_used_at: string; idle_remaining_ms: number }>('/account/session/');
    expect(status.last_used_at).toBe(usedAt.toISOString());
    expect(status.idle_remaining_ms).toBeGreaterThan(29 * 60_000);
  });

  it('still ends an idle session from the cache path: the database decides and records the timeout', async () => {
    const c = await patientOn(nodes.b);
    // The web refreshes its 15-minute token as it runs out; neither that nor the poll is use.
    for (let minutes = 0; minutes < 28; minutes += 14) {
      clock.advance(14 * 60_000);
      await c.refresh();
    }
    await cachedPoll(nodes.b, c);
    clock.advance(3 * 60_000);
    expect(codeOf(await poll(c))).toBe(10401);
    const [row] = await nodes.a.portal.ctx.db
      .select({ reason: sessions.revokedReason })
      .from(sessions)
      .where(eq(sessions.id, claimsOf(c).sessionId));
    expect(row?.reason).toBe('timeout');
  });
});

// Only PostgreSQL has a LISTEN connection to lose; PGlite's subscription is in-process.
describe.skipIf(!process.env.DATABASE_URL)('when the LISTEN connection is lost', () => {
  const listeners = async () => {
    const result = await nodes.a.portal.ctx.db.execute<{ pid: number }>(
      sql`select pid from pg_stat_activity where datname = current_database() and query ilike 'listen %'`,
    );
    return (result as unknown as { rows: { pid: number }[] }).rows.map((r) => r.pid);
  };

  it('forgets what it cached, answers from the database, and caches again once resubscribed', async () => {
    const c = await patientOn(nodes.b);
    await cachedPoll(nodes.b, c);
    const before = await listeners();
    expect(before.length).toBe(2);
    await nodes.a.portal.ctx.db.execute(
      sql`select pg_terminate_backend(pid) from unnest(${sql.raw(`array[${before.join(',')}]`)}::int[]) pid`,
    );
    // Both nodes subscribe again with new connections.
    let after = await listeners();
    for (
      let attempt = 0;
      attempt < 300 && (after.length < 2 || after.some((pid) => before.includes(pid)));
      attempt++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      after = await listeners();
    }
    expect(after.length).toBe(2);
    expect(after.some((pid) => before.includes(pid))).toBe(false);
    for (let attempt = 0; attempt < 100 && !nodes.b.portal.ctx.liveness.listening; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(nodes.b.portal.ctx.liveness.listening).toBe(true);
    // What was cached before the loss is gone; the cache fills again.
    expect(cachedOn(nodes.b, c)).toBe(false);
    await cachedPoll(nodes.b, c);
    await revokeOnA(c);
    expect(refused(await pollUntil(c, refused))).toBe(true);
  });
});
