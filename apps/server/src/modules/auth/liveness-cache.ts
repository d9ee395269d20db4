import type { Role } from '@portal/protocol';

/** The columns of the auth statement a cached session is judged again from (decision 0008). */
export interface CachedAuthRow {
  sharedSecret: Uint8Array;
  handshakeUsedAt: Date;
  handshakeRevokedAt: Date | null;
  sessionCreatedAt: Date;
  sessionUsedAt: Date;
  sessionExpiresAt: Date;
  sessionRevokedAt: Date | null;
  roles: Role[];
  auths: string[];
  isPatient: boolean;
  userStatus: string;
  idle: unknown;
  lifetime: unknown;
  /** idle and lifetime as judged (schema-checked, defaults applied), so a hit need not parse them. */
  limits: { idle_timeout_minutes: number; session_timeout_minutes: number };
}

interface Entry {
  uid: string;
  userId: string;
  row: CachedAuthRow;
  /** performance.now() when cached: the max age is a safety net on the real clock, not ctx.now(). */
  cachedAt: number;
}

export interface LivenessCacheLimits {
  maxEntries: number;
  maxAgeMs: number;
}

const DEFAULT_LIMITS: LivenessCacheLimits = { maxEntries: 100_000, maxAgeMs: 5 * 60_000 };

/**
 * Decision 0008: what the event poll's auth statement found for a session that passed, and which
 * users have no event pending, kept by one node. Only routes marked `cachedAuth` (the event poll) read it; it is trusted only
 * while the node listens for the database's invalidations (`listening`), and every invalidation
 * bumps `generation`, so a statement that read before an invalidation and finished after it is
 * not remembered.
 */
export class LivenessCache {
  generation = 0;
  #listening = false;
  readonly #limits: LivenessCacheLimits;
  /** By session id, oldest first (Map insertion order). */
  readonly #sessions = new Map<string, Entry>();
  readonly #sessionsOfUser = new Map<string, Set<string>>();
  readonly #sessionsOfHandshake = new Map<string, Set<string>>();
  /** Users the database last said had no event pending, oldest first. */
  readonly #noEventPending = new Set<string>();

  constructor(limits: Partial<LivenessCacheLimits> = {}) {
    this.#limits = { ...DEFAULT_LIMITS, ...limits };
  }

  get listening(): boolean {
    return this.#listening;
  }

  /** Number of cached sessions, for tests and metrics. */
  get size(): number {
    return this.#sessions.size;
  }

  /** The listener has (re)subscribed: start from nothing, since notifications may have been missed. */
  listenerUp(): void {
    this.forgetAll();
    this.#listening = true;
  }

  /** The listener is gone: nothing cached can be trusted until it is back. */
  listenerDown(): void {
    this.#listening = false;
    this.forgetAll();
  }

  /** The cached row of a session, when the token's uid and user match the ones it was read for. */
  lookup(sessionId: string, uid: string, userId: string): CachedAuthRow | undefined {
    if (!this.#listening) return undefined;
    const entry = this.#sessions.get(sessionId);
    if (!entry || entry.uid !== uid || entry.userId !== userId) return undefined;
    if (performance.now() - entry.cachedAt > this.#limits.maxAgeMs) {
      this.#drop(sessionId);
      return undefined;
    }
    return entry.row;
  }

  /** Remembers a row that passed, unless an invalidation arrived since `generation` was read. */
  remember(
    generation: number,
    key: { sessionId: string; uid: string; userId: string },
    row: CachedAuthRow,
  ): void {
    if (!this.#listening || generation !== this.generation) return;
    const { sessionId, uid, userId } = key;
    this.#drop(sessionId);
    this.#sessions.set(sessionId, { uid, userId, row, cachedAt: performance.now() });
    addTo(this.#sessionsOfUser, userId, sessionId);
    addTo(this.#sessionsOfHandshake, uid, sessionId);
    while (this.#sessions.size > this.#limits.maxEntries) {
      this.#drop(this.#sessions.keys().next().value!);
    }
  }

  /** False when the database said so since the last event queued for the user. */
  mayHaveEvent(userId: string): boolean {
    return !this.#listening || !this.#noEventPending.has(userId);
  }

  noEventPending(generation: number, userId: string): void {
    if (!this.#listening || generation !== this.generation) return;
    this.#noEventPending.delete(userId);
    this.#noEventPending.add(userId);
    if (this.#noEventPending.size > this.#limits.maxEntries) {
      this.#noEventPending.delete(this.#noEventPending.values().next().value!);
    }
  }

  eventQueued(userId: string): void {
    this.generation++;
    this.#noEventPending.delete(userId);
  }

  forgetSession(sessionId: string): void {
    this.generation++;
    this.#drop(sessionId);
  }

  forgetUser(userId: string): void {
    this.generation++;
    for (const sessionId of [...(this.#sessionsOfUser.get(userId) ?? [])]) this.#drop(sessionId);
  }

  forgetHandshake(uid: string): void {
    this.generation++;
    for (const sessionId of [...(this.#sessionsOfHandshake.get(uid) ?? [])]) this.#drop(sessionId);
  }

  forgetAll(): void {
    this.generation++;
    this.#sessions.clear();
    this.#sessionsOfUser.clear();
    this.#sessionsOfHandshake.clear();
    this.#noEventPending.clear();
  }

  /** One notification of channel `portal_auth` (migration 0009); anything unknown forgets all. */
  notified(payload: string): void {
    const colon = payload.indexOf(':');
    const kind = colon < 0 ? payload : payload.slice(0, colon);
    const id = payload.slice(colon + 1);
    if (kind === 'session') this.forgetSession(id);
    else if (kind === 'user') this.forgetUser(id);
    else if (kind === 'handshake') this.forgetHandshake(id);
    else if (kind === 'event') this.eventQueued(id);
    else this.forgetAll();
  }

  #drop(sessionId: string): void {
    const entry = this.#sessions.get(sessionId);
    if (!entry) return;
    this.#sessions.delete(sessionId);
    removeFrom(this.#sessionsOfUser, entry.userId, sessionId);
    removeFrom(this.#sessionsOfHandshake, entry.uid, sessionId);
  }
}

function addTo(index: Map<string, Set<string>>, key: string, sessionId: string): void {
  let set = index.get(key);
  if (!set) index.set(key, (set = new Set()));
  set.add(sessionId);
}

function removeFrom(index: Map<string, Set<string>>, key: string, sessionId: string): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(sessionId);
  if (set.size === 0) index.delete(key);
}
