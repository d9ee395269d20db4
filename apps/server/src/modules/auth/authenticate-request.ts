import { and, eq, sql } from 'drizzle-orm';
import { Codes, ProtocolError, type Role } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { perDatabase } from '../../db/per-database.ts';
import { events, handshakes, sessions, settings, users } from '../../db/schema/index.ts';
import { decryptSharedSecret, judgeHandshake, touchHandshake } from './handshake-queries.ts';
import { revokeSession } from './session-queries.ts';
import { timedOut, timeoutsOf, touchAfterMs, type SessionTimeouts } from './session-timeouts.ts';

// Stands in for the session and user of a token that did not verify, so the handshake is
// still judged by the same statement (10014 before 10401).
const NO_ID = '00000000-0000-0000-0000-000000000000';

function authStatement(db: Database) {
  const setting = (key: keyof SessionTimeouts) =>
    sql<unknown>`(select ${settings.value} from ${settings} where ${settings.key} = ${key})`;
  return db
    .select({
      sharedSecret: handshakes.sharedSecret,
      handshakeUsedAt: handshakes.lastUsedAt,
      handshakeRevokedAt: handshakes.revokedAt,
      sessionCreatedAt: sessions.createdAt,
      sessionUsedAt: sessions.lastUsedAt,
      sessionExpiresAt: sessions.expiresAt,
      sessionRevokedAt: sessions.revokedAt,
      roles: users.roles,
      auths: users.auths,
      isPatient: users.isPatient,
      userStatus: users.status,
      idle: setting('idle_timeout_minutes'),
      lifetime: setting('session_timeout_minutes'),
      pendingEvent: sql<boolean>`exists (select 1 from ${events} where ${events.userId} = ${users.id} and ${events.consumedAt} is null)`,
    })
    .from(handshakes)
    .leftJoin(
      sessions,
      and(eq(sessions.id, sql.placeholder('sessionId')), eq(sessions.userId, sql.placeholder('userId'))),
    )
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(eq(handshakes.uid, sql.placeholder('uid')))
    .limit(1)
    .prepare('authenticate_request');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const authStatementOf = perDatabase(authStatement);

export interface AuthenticatedSession {
  userId: string;
  sessionId: string;
  roles: Role[];
  /** `admin` and the staff permissions (spec §3), read on every request so a change holds at once. */
  auths: string[];
  /** Whether the account is a patient, not caregiver-only (decision 0032), as of this request. */
  isPatient: boolean;
  /**
   * Whether an event may wait for the user: false only when the database said none since the
   * last one was queued, so an empty poll needs no statement of its own.
   */
  pendingEvent: boolean;
  /** The handshake's Z, decrypted only when a route reads or writes sealed content. */
  sharedSecret: () => Uint8Array;
  /** What the idle and lifetime limits are judged on, as of this request (after its own touch). */
  times: SessionTimes;
}

export interface SessionTimes {
  createdAt: Date;
  lastUsedAt: Date;
  limits: SessionTimeouts;
}

type Claims = { sessionId: string; userId: string; uid: string };

/** The columns judged: the statement's left joins leave the session's and user's null when absent. */
type JudgedRow = {
  [
    K in
      | 'handshakeUsedAt'
      | 'handshakeRevokedAt'
      | 'sessionCreatedAt'
      | 'sessionUsedAt'
      | 'sessionExpiresAt'
      | 'sessionRevokedAt'
  ]: Date | null;
} & { userStatus: string | null; idle: unknown; lifetime: unknown; limits?: SessionTimeouts };

/**
 * A row the auth statement returned, judged against ctx.now(): what the request gets, or why not.
 * `handshake` answers 10014, `session` 10401, `timeout` 10401 after ending the session.
 */
function judgeRow(
  ctx: AppContext,
  uid: string,
  claims: Claims | undefined,
  row: JudgedRow | undefined,
):
  | { verdict: 'live'; touchHandshake: boolean; limits: SessionTimeouts }
  | { verdict: 'session' | 'timeout'; touchHandshake: boolean } {
  // judgeHandshake throws 10014, which must come before any 10401.
  const touchHandshake = judgeHandshake(
    ctx,
    row && { lastUsedAt: row.handshakeUsedAt, revokedAt: row.handshakeRevokedAt },
  );
  const session = row!;
  if (
    !claims ||
    claims.uid !== uid ||
    !session.sessionCreatedAt ||
    !session.sessionUsedAt ||
    !session.sessionExpiresAt ||
    session.sessionRevokedAt ||
    session.sessionExpiresAt <= ctx.now() ||
    session.userStatus !== 'active'
  ) {
    return { verdict: 'session', touchHandshake };
  }
  const limits = session.limits ?? timeoutsOf(ctx, session);
  if (timedOut(ctx, { createdAt: session.sessionCreatedAt, lastUsedAt: session.sessionUsedAt }, limits)) {
    return { verdict: 'timeout', touchHandshake };
  }
  return { verdict: 'live', touchHandshake, limits };
}

/**
 * The handshake's secret, decrypted only if the route asks for it. A function of its own: an
 * arrow written as the `sharedSecret` property gets a name from tsx (keepNames), one
 * Object.defineProperty a request, about 2 % of the cached event poll's CPU.
 */
function secretWhenAsked(ctx: AppContext, uid: string, sealed: Uint8Array): () => Uint8Array {
  return () => decryptSharedSecret(ctx, uid, sealed);
}

/**
 * Decision 0008: a passive request of a route marked `cachedAuth` (the event poll) judged from this node's cache of the auth
 * statement, with every clock check made again against ctx.now(). Undefined when there is no
 * entry, or when the entry would refuse: a cached timestamp may only be stale toward "expired",
 * so the database decides (and ends a timed-out session) as before.
 */
async function fromCache(
  ctx: AppContext,
  uid: string,
  claims: Claims,
): Promise<AuthenticatedSession | undefined> {
  const row = ctx.liveness.lookup(claims.sessionId, uid, claims.userId);
  if (!row) return undefined;
  let judged: ReturnType<typeof judgeRow>;
  try {
    judged = judgeRow(ctx, uid, claims, row);
  } catch {
    judged = { verdict: 'session', touchHandshake: false };
  }
  if (judged.verdict !== 'live') {
    ctx.liveness.forgetSession(claims.sessionId);
    return undefined;
  }
  if (judged.touchHandshake) {
    const generation = ctx.liveness.generation;
    await touchHandshake(ctx, uid);
    ctx.liveness.remember(generation, claims, { ...row, handshakeUsedAt: ctx.now() });
  }
  return {
    userId: claims.userId,
    sessionId: claims.sessionId,
    roles: row.roles,
    auths: row.auths,
    isPatient: row.isPatient,
    pendingEvent: ctx.liveness.mayHaveEvent(claims.userId),
    sharedSecret: secretWhenAsked(ctx, uid, row.sharedSecret),
    times: { createdAt: row.sessionCreatedAt, lastUsedAt: row.sessionUsedAt, limits: judged.limits },
  };
}

/**
 * The whole liveness check of an authenticated request in one statement: the handshake
 * (10014 when unknown, revoked or idle), then the session and its user (10401 when the
 * token did not verify, the session is revoked, expired, idle or too old, or the user is
 * no longer active). The timeouts come from the settings table in the same statement, so
 * an administrator's change holds at once on every node. `activity` is false for calls the
 * web makes on its own (the event poll): they keep nobody signed in, and they may be
 * answered from this node's cache (decision 0008).
 */
export async function authenticateRequest(
  ctx: AppContext,
  input: {
    uid: string;
    claims: Claims | undefined;
    activity: boolean;
    /** The route accepts this node's cached verdict (decision 0008): the event poll. */
    cacheable: boolean;
  },
): Promise<AuthenticatedSession> {
  const { uid } = input;
  // A validly signed token may still name ids that are not uuids (a leaked key, a bad
  // issuer): they would fail the uuid comparison in the statement (10500), so they are 10401.
  const claims =
    input.claims && UUID.test(input.claims.sessionId) && UUID.test(input.claims.userId)
      ? input.claims
      : undefined;
  // Only a passive route may be answered from the cache: the cache never records a use.
  const cacheable = input.cacheable && !input.activity;
  if (cacheable && claims && claims.uid === uid) {
    const cached = await fromCache(ctx, uid, claims);
    if (cached) return cached;
  }
  const statement = authStatementOf(ctx.db);
  const generation = ctx.liveness.generation;
  const [row] = await statement.execute({
    uid,
    sessionId: claims?.sessionId ?? NO_ID,
    userId: claims?.userId ?? NO_ID,
  });
  const judged = judgeRow(ctx, uid, claims, row);
  if (judged.touchHandshake) await touchHandshake(ctx, uid);
  if (judged.verdict === 'timeout') await revokeSession(ctx, ctx.db, claims!.sessionId, 'timeout');
  if (judged.verdict !== 'live') throw new ProtocolError(Codes.sessionExpired);
  const session = row!;
  const live = claims!;
  let lastUsedAt = session.sessionUsedAt!;
  if (input.activity && ctx.now().getTime() - lastUsedAt.getTime() >= touchAfterMs(judged.limits)) {
    lastUsedAt = ctx.now();
    await ctx.db.update(sessions).set({ lastUsedAt }).where(eq(sessions.id, live.sessionId));
  }
  const roles = (session.roles ?? []) as Role[];
  const auths = session.auths ?? [];
  if (cacheable) {
    ctx.liveness.remember(generation, live, {
      sharedSecret: session.sharedSecret,
      handshakeUsedAt: judged.touchHandshake ? ctx.now() : session.handshakeUsedAt,
      handshakeRevokedAt: session.handshakeRevokedAt,
      sessionCreatedAt: session.sessionCreatedAt!,
      sessionUsedAt: session.sessionUsedAt!,
      sessionExpiresAt: session.sessionExpiresAt!,
      sessionRevokedAt: session.sessionRevokedAt,
      roles,
      auths,
      isPatient: session.isPatient!,
      userStatus: session.userStatus!,
      idle: session.idle,
      lifetime: session.lifetime,
      limits: judged.limits,
    });
    if (!session.pendingEvent) ctx.liveness.noEventPending(generation, live.userId);
  }
  return {
    userId: live.userId,
    sessionId: live.sessionId,
    roles,
    auths,
    isPatient: session.isPatient ?? false,
    pendingEvent: session.pendingEvent,
    sharedSecret: secretWhenAsked(ctx, uid, session.sharedSecret),
    times: { createdAt: session.sessionCreatedAt!, lastUsedAt, limits: judged.limits },
  };
}
