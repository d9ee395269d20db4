import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { ApiError, Codes } from '@portal/protocol';
import type { PortalClient } from '@portal/protocol/testing';
import * as schema from '../../src/db/schema/index.ts';
import { loadConfig } from '../../src/config.ts';
import { PURGE_BATCH, purgeGrowingTables } from '../../src/jobs/purge-growing-tables.ts';
import { DEMO_ADMIN, DEMO_PATIENT, startTestPortal, type TestPortal } from '../../testing/test-portal.ts';

const SECOND = 1000;
const DAY = 24 * 3600 * SECOND;
const HANDSHAKE_TTL_SECONDS = 5;

async function handshakeRows(t: TestPortal, uid: string) {
  const db = t.portal.ctx.db;
  const [h] = await db.select({ n: count() }).from(schema.handshakes).where(eq(schema.handshakes.uid, uid));
  const [s] = await db.select({ n: count() }).from(schema.usedSalts).where(eq(schema.usedSalts.uid, uid));
  return { handshakes: h!.n, salts: s!.n };
}

async function refusedCode(call: Promise<unknown>): Promise<number | undefined> {
  return call.then(
    () => undefined,
    (error: unknown) => (error instanceof ApiError ? error.code : undefined),
  );
}

describe('housekeeping purges', () => {
  let t: TestPortal;

  beforeAll(async () => {
    t = await startTestPortal({ env: { HANDSHAKE_TTL_SECONDS: String(HANDSHAKE_TTL_SECONDS) } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('forgets handshakes idle past their lifetime with their used salts, and keeps live ones', async () => {
    const idle: PortalClient = await t.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password);
    t.clock.advance(3 * SECOND);
    const live: PortalClient = await t.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect(await handshakeRows(t, idle.uid!)).toEqual({ handshakes: 1, salts: 1 });
    t.clock.advance(3 * SECOND);

    await purgeGrowingTables(t.portal.ctx);

    expect(await handshakeRows(t, idle.uid!)).toEqual({ handshakes: 0, salts: 0 });
    expect(await handshakeRows(t, live.uid!)).toEqual({ handshakes: 1, salts: 1 });
    expect(await refusedCode(idle.get('/patient/profile/'))).toBe(Codes.unknownHandshake);
  });

  it('forgets a handshake revoked at logout at once', async () => {
    const c = await t.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password);
    const uid = c.uid!;
    await c.logout();
    await purgeGrowingTables(t.portal.ctx);
    expect(await handshakeRows(t, uid)).toEqual({ handshakes: 0, salts: 0 });
  });

  it('deletes a backlog larger than one batch, in batches, and only what has expired', async () => {
    const db = t.portal.ctx.db;
    const now = t.clock.now();
    const old = new Date(now.getTime() - 2 * 3600 * SECOND);
    const stale = Array.from({ length: PURGE_BATCH * 2 + 17 }, (_, i) => ({
      key: `housekeeping-test:stale-${i}`,
      windowStart: old,
      count: 1,
    }));
    for (let i = 0; i < stale.length; i += 500)
      await db.insert(schema.rateLimits).values(stale.slice(i, i + 500));
    await db
      .insert(schema.rateLimits)
      .values({ key: 'housekeeping-test:current', windowStart: now, count: 1 });

    const purged = await purgeGrowingTables(t.portal.ctx);

    expect(purged.rate_limits).toBe(stale.length);
    const left = await db
      .select({ key: schema.rateLimits.key })
      .from(schema.rateLimits)
      .where(sql`${schema.rateLimits.key} like 'housekeeping-test:%'`);
    expect(left).toEqual([{ key: 'housekeeping-test:current' }]);
  });

  it('keeps ended sessions thirty days and each user their newest, with its refresh tokens going first', async () => {
    const db = t.portal.ctx.db;
    const [patient] = await db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.email, DEMO_PATIENT.email));
    const now = t.clock.now();
    const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
    const session = (days: number, ended: 'revoked' | 'expired') => ({
      userId: patient!.id,
      uid: 'housekeeping-test',
      createdAt: daysAgo(days + 1),
      lastUsedAt: daysAgo(days),
      expiresAt: ended === 'expired' ? daysAgo(days) : daysAgo(days - 30),
      revokedAt: ended === 'revoked' ? daysAgo(days) : null,
    });
    const [longGone, expiredLongAgo, recentlyEnded] = await db
      .insert(schema.sessions)
      .values([session(90, 'revoked'), session(60, 'expired'), session(10, 'revoked')])
      .returning({ id: schema.sessions.id });
    await db.insert(schema.refreshTokens).values([
      { tokenHash: 'housekeeping-test-1', sessionId: longGone!.id },
      { tokenHash: 'housekeeping-test-2', sessionId: recentlyEnded!.id },
    ]);

    await purgeGrowingTables(t.portal.ctx);

    const ids = [longGone!.id, expiredLongAgo!.id, recentlyEnded!.id];
    const left = await db
      .select({ id: schema.sessions.id })
      .from(schema.sessions)
      .where(inArray(schema.sessions.id, ids));
    expect(left).toEqual([{ id: recentlyEnded!.id }]);
    const tokens = await db
      .select({ hash: schema.refreshTokens.tokenHash })
      .from(schema.refreshTokens)
      .where(sql`${schema.refreshTokens.tokenHash} like 'housekeeping-test-%'`);
    expect(tokens).toEqual([{ hash: 'housekeeping-test-2' }]);

    // The newest session is the user's last login: it stays however long ago it ended.
    const [loner] = await db
      .insert(schema.users)
      .values({
        email: 'housekeeping-loner@example.com',
        passwordHash: 'x',
        firstName: 'Lone',
        lastName: 'Patient',
        roles: ['user'],
      })
      .returning({ id: schema.users.id });
    const [last] = await db
      .insert(schema.sessions)
      .values({ ...session(400, 'expired'), userId: loner!.id })
      .returning({ id: schema.sessions.id });
    await purgeGrowingTables(t.portal.ctx);
    expect(
      await db
        .select({ id: schema.sessions.id })
        .from(schema.sessions)
        .where(eq(schema.sessions.userId, loner!.id)),
    ).toEqual([{ id: last!.id }]);
  });

  it('deletes links and MFA challenges past expiry, and events answered a day ago or left a month', async () => {
    const db = t.portal.ctx.db;
    const [patient] = await db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.email, DEMO_PATIENT.email));
    const userId = patient!.id;
    const now = t.clock.now();
    const at = (ms: number) => new Date(now.getTime() + ms);
    await db.insert(schema.emailTokens).values([
      { tokenHash: 'housekeeping-test-expired', userId, purpose: 'reset', expiresAt: at(-SECOND) },
      { tokenHash: 'housekeeping-test-live', userId, purpose: 'reset', expiresAt: at(60 * SECOND) },
    ]);
    await db.insert(schema.mfaChallenges).values([
      { tokenHash: 'housekeeping-test-expired', userId, uid: 'x', expiresAt: at(-SECOND) },
      { tokenHash: 'housekeeping-test-live', userId, uid: 'x', expiresAt: at(60 * SECOND) },
    ]);
    const [answeredLongAgo, answeredNow, neverPolled, pending] = await db
      .insert(schema.events)
      .values([
        { userId, name: 'refresh_token', createdAt: at(-2 * DAY), consumedAt: at(-2 * DAY) },
        { userId, name: 'refresh_token', createdAt: at(-2 * DAY), consumedAt: at(-SECOND) },
        { userId, name: 'refresh_token', createdAt: at(-31 * DAY) },
        { userId, name: 'refresh_token', createdAt: at(-29 * DAY) },
      ])
      .returning({ id: schema.events.id });

    await purgeGrowingTables(t.portal.ctx);

    const hashes = (rows: { tokenHash: string }[]) =>
      rows.map((r) => r.tokenHash).filter((h) => h.startsWith('housekeeping-test-'));
    expect(
      hashes(await db.select({ tokenHash: schema.emailTokens.tokenHash }).from(schema.emailTokens)),
    ).toEqual(['housekeeping-test-live']);
    expect(
      hashes(await db.select({ tokenHash: schema.mfaChallenges.tokenHash }).from(schema.mfaChallenges)),
    ).toEqual(['housekeeping-test-live']);
    const ids = [answeredLongAgo, answeredNow, neverPolled, pending].map((e) => e!.id);
    const left = await db
      .select({ id: schema.events.id })
      .from(schema.events)
      .where(inArray(schema.events.id, ids));
    expect(left.map((e) => e.id).sort()).toEqual([answeredNow!.id, pending!.id].sort());
  });

  it('deletes used client assertions and access tokens past expiry, and keeps live ones', async () => {
    const db = t.portal.ctx.db;
    const now = t.clock.now();
    const at = (ms: number) => new Date(now.getTime() + ms);
    const [client] = await db
      .insert(schema.fhirClients)
      .values({ name: 'Purged EHR', jwks: { keys: [] }, scopes: ['system/*.rs'] })
      .returning({ id: schema.fhirClients.id });
    const clientId = client!.id;
    await db.insert(schema.fhirAssertions).values([
      { clientId, jti: 'expired', expiresAt: at(-SECOND) },
      { clientId, jti: 'live', expiresAt: at(60 * SECOND) },
    ]);
    await db.insert(schema.fhirAccessTokens).values([
      { tokenHash: 'housekeeping-test-expired', clientId, scopes: [], expiresAt: at(-SECOND) },
      { tokenHash: 'housekeeping-test-live', clientId, scopes: [], expiresAt: at(60 * SECOND) },
    ]);

    await purgeGrowingTables(t.portal.ctx);

    const jtis = await db
      .select({ jti: schema.fhirAssertions.jti })
      .from(schema.fhirAssertions)
      .where(eq(schema.fhirAssertions.clientId, clientId));
    expect(jtis).toEqual([{ jti: 'live' }]);
    const tokens = await db
      .select({ tokenHash: schema.fhirAccessTokens.tokenHash })
      .from(schema.fhirAccessTokens)
      .where(eq(schema.fhirAccessTokens.clientId, clientId));
    expect(tokens).toEqual([{ tokenHash: 'housekeeping-test-live' }]);
  });

  it('deletes audit rows older than the retention, and the log still refuses any other delete', async () => {
    const db = t.portal.ctx.db;
    const now = t.clock.now();
    const retention = t.portal.ctx.config.AUDIT_RETENTION_DAYS;
    expect(retention).toBe(2192);
    const [old, kept] = await db
      .insert(schema.auditLog)
      .values([
        { at: new Date(now.getTime() - (retention + 1) * DAY), action: 'auth.login', outcome: 'success' },
        { at: new Date(now.getTime() - (retention - 1) * DAY), action: 'auth.login', outcome: 'success' },
      ])
      .returning({ id: schema.auditLog.id });

    await expect(db.delete(schema.auditLog).where(eq(schema.auditLog.id, old!.id))).rejects.toThrow();
    await purgeGrowingTables(t.portal.ctx);

    const left = await db
      .select({ id: schema.auditLog.id })
      .from(schema.auditLog)
      .where(inArray(schema.auditLog.id, [old!.id, kept!.id]));
    expect(left).toEqual([{ id: kept!.id }]);
    await expect(db.delete(schema.auditLog).where(eq(schema.auditLog.id, kept!.id))).rejects.toThrow();
    // A transaction that names a cutoff deletes only rows older than it.
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(
          sql`select set_config('portal.audit_purge_before', ${new Date(now.getTime() - retention * DAY).toISOString()}, true)`,
        );
        await tx.delete(schema.auditLog).where(eq(schema.auditLog.id, kept!.id));
      }),
    ).rejects.toThrow();
  });
});

describe('the scheduler', () => {
  let t: TestPortal;

  beforeAll(async () => {
    t = await startTestPortal({
      env: { HANDSHAKE_TTL_SECONDS: String(HANDSHAKE_TTL_SECONDS), PORTAL_DEMO: '0' },
      jobEveryMs: { purge: 50 },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('runs the purge on its own timer', async () => {
    const c = t.client();
    await c.handshake();
    expect(await handshakeRows(t, c.uid!)).toEqual({ handshakes: 1, salts: 0 });
    t.clock.advance((HANDSHAKE_TTL_SECONDS + 1) * SECOND);
    await vi.waitFor(
      async () => expect(await handshakeRows(t, c.uid!)).toEqual({ handshakes: 0, salts: 0 }),
      {
        timeout: 20_000,
        interval: 50,
      },
    );
  });
});

describe('PURGE_INTERVAL_SECONDS', () => {
  let t: TestPortal;

  beforeAll(async () => {
    t = await startTestPortal({
      env: {
        HANDSHAKE_TTL_SECONDS: String(HANDSHAKE_TTL_SECONDS),
        PORTAL_DEMO: '0',
        PURGE_INTERVAL_SECONDS: '1',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sets the purge interval without code: an idle handshake goes within seconds, not the default hour', async () => {
    const c = t.client();
    await c.handshake();
    t.clock.advance((HANDSHAKE_TTL_SECONDS + 1) * SECOND);
    await vi.waitFor(
      async () => expect(await handshakeRows(t, c.uid!)).toEqual({ handshakes: 0, salts: 0 }),
      { timeout: 20_000, interval: 100 },
    );
  });

  it('is a whole number of seconds from 1 to a day, an hour by default', () => {
    const base = { PORTAL_MASTER_KEY: 'a1'.repeat(32), JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(base).PURGE_INTERVAL_SECONDS).toBe(3600);
    expect(loadConfig({ ...base, PURGE_INTERVAL_SECONDS: '10' }).PURGE_INTERVAL_SECONDS).toBe(10);
    for (const bad of ['0', '-5', '1.5', '86401', 'soon']) {
      expect(() => loadConfig({ ...base, PURGE_INTERVAL_SECONDS: bad })).toThrow(/PURGE_INTERVAL_SECONDS/);
    }
  });
});
