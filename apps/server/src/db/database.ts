import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { applicationName, refuseBesideOtherReleases } from './release-guard.ts';
import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema/index.ts';
import { migrationsDir } from '../paths.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Code that may run inside or outside a transaction takes this. */
export type Queryable = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  engine: 'pglite' | 'postgres';
  /** Applies committed migrations; safe when several nodes start at once. */
  migrate(): Promise<void>;
  /** True when every committed migration has been applied (readiness). */
  migrationsCurrent(): Promise<boolean>;
  /** PostgreSQL pool counters for metrics; undefined on PGlite (one in-process connection). */
  poolStats(): { total: number; idle: number; waiting: number } | undefined;
  /**
   * Gathers the planner's statistics: only on an embedded PGlite this node owns, which has no
   * autovacuum (PostgreSQL's does it). The housekeeping jobs run it every few hours.
   */
  analyze?(): Promise<void>;
  /**
   * Runs `run` only if no other node is running work of this name (PostgreSQL: an advisory lock
   * held by a transaction on a connection of its own, so a node that dies frees it); false,
   * without running it, when another holds it. PGlite is one node: it just runs.
   */
  exclusively(name: string, run: () => Promise<boolean>): Promise<boolean>;
  /**
   * LISTEN on `channel` over a connection of its own (not the pool's). Resolves once subscribed;
   * `onLost` runs once if the subscription ends by itself (never after `close`).
   */
  listen(
    channel: string,
    onNotification: (payload: string) => void,
    onLost: (error: Error) => void,
  ): Promise<Subscription>;
  close(): Promise<void>;
}

export interface Subscription {
  close(): Promise<void>;
}

// A database that stops answering without closing the connection (a network path dropping
// packets) would otherwise hold requests forever: connecting and each query are bounded, and
// the error plugin answers 10503 (docs/reliability.md). No query of the portal comes near these.
const CONNECT_TIMEOUT_MS = 5_000;
const QUERY_TIMEOUT_MS = 10_000;
// Any fixed 64-bit number: the advisory lock that serialises migrations across nodes.
const MIGRATION_LOCK_ID = 7_302_114_221;
/**
 * The first key of every background job's advisory lock (the two-key form, whose key space is
 * apart from the migrations' one-key lock); the second is hashtext(job name).
 */
export const JOB_LOCK_CLASS = 7_302_115;

/**
 * PostgreSQL by URL, PGlite in a data directory, or an already open PGlite whose owner
 * closes it (two app instances on one in-process database, as in the two-node test).
 */
export type DatabaseTarget = { url: string; poolMax?: number } | { dataDir: string } | { pglite: PGlite };

export interface DatabaseOptions {
  /** The committed migrations (apps/server/drizzle) unless a test points at a copy. */
  migrationsFolder?: string;
}

// The migrator records each applied migration's folder timestamp; the newest committed one
// must be there. Read once per folder: the files do not change under a running process.
const newestMigration = new Map<string, number>();
function newestCommittedMigration(migrationsFolder: string): number {
  let newest = newestMigration.get(migrationsFolder);
  if (newest === undefined) {
    newest = Math.max(...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis));
    newestMigration.set(migrationsFolder, newest);
  }
  return newest;
}

async function migrationsCurrent(db: Database, migrationsFolder: string): Promise<boolean> {
  try {
    const result = await db.execute<{ newest: string | null }>(
      sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
    );
    const newest = (result as unknown as { rows: { newest: string | null }[] }).rows[0]?.newest;
    return newest != null && Number(newest) >= newestCommittedMigration(migrationsFolder);
  } catch (error) {
    // No migrations table or schema yet: nothing applied. Anything else (unreachable) propagates.
    for (let e: unknown = error; e instanceof Error; e = e.cause) {
      const code = (e as { code?: unknown }).code;
      if (code === '42P01' || code === '3F000') return false;
    }
    throw error;
  }
}

/**
 * One schema, two engines: PostgreSQL when a URL is given, embedded PGlite otherwise. The
 * migrator applies every pending migration in one transaction (drizzle's pg-core dialect), so
 * a migration that fails leaves the database at the version it had.
 */
export async function openDatabase(
  target: DatabaseTarget,
  { migrationsFolder = migrationsDir }: DatabaseOptions = {},
): Promise<DatabaseHandle> {
  return 'url' in target ? openPostgres(target, migrationsFolder) : openPglite(target, migrationsFolder);
}

function openPostgres(target: { url: string; poolMax?: number }, migrationsFolder: string): DatabaseHandle {
  const application_name = applicationName(migrationsFolder);
  const pool = new pg.Pool({
    connectionString: target.url,
    application_name,
    max: target.poolMax ?? 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
  });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  return {
    db,
    engine: 'postgres',
    migrate: () => migratePostgres(target.url, application_name, migrationsFolder),
    migrationsCurrent: () => migrationsCurrent(db, migrationsFolder),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    exclusively: (name, run) => exclusivelyPg(pool, name, run),
    listen: (channel, onNotification, onLost) =>
      listenPg(target.url, application_name, channel, onNotification, onLost),
    close: () => pool.end(),
  };
}

/**
 * On its own connection without the query timeout: waiting for another node's migration (the
 * advisory lock) or a long migration is expected here.
 */
async function migratePostgres(
  url: string,
  application_name: string,
  migrationsFolder: string,
): Promise<void> {
  const client = new pg.Client({
    connectionString: url,
    application_name,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await refuseBesideOtherReleases(client, migrationsFolder, application_name);
    await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}

async function openPglite(
  target: { dataDir: string } | { pglite: PGlite },
  migrationsFolder: string,
): Promise<DatabaseHandle> {
  const owned = 'dataDir' in target;
  const lock = owned ? await lockDataDir(target.dataDir) : undefined;
  let client: PGlite;
  try {
    client = owned ? await PGlite.create(path.join(target.dataDir, 'pglite')) : target.pglite;
  } catch (error) {
    await lock?.release();
    throw error;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  // PGlite has no autovacuum, so nothing would ever give the planner statistics: the node that
  // owns the files gathers them after migrating and then every few hours (the worklist's counts
  // at 10,000 patients took 18 ms without them, 6 ms with).
  const analyze = async () => {
    await client.exec('analyze');
  };
  return {
    db,
    engine: 'pglite',
    // PGlite is a single in-process connection: no other node can race this.
    migrate: async () => {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
      if (owned) await client.exec('analyze');
    },
    migrationsCurrent: () => migrationsCurrent(db, migrationsFolder),
    poolStats: () => undefined,
    ...(owned ? { analyze } : {}),
    exclusively: (_name, run) => run(),
    // In-process: the subscription cannot drop. PGlite hands notifications over in microtasks
    // queued while it reads the committing statement's answer, so before its caller resumes.
    listen: async (channel, onNotification) => {
      const unlisten = await client.listen(channel, onNotification);
      return { close: () => unlisten() };
    },
    close: async () => {
      if (!owned) return;
      try {
        await client.close();
      } finally {
        await lock?.release();
      }
    },
  };
}

/**
 * The lock's transaction stays open, idle, while the work runs on other connections of the pool.
 * A checked-out client has no error listener of the pool's: one that loses its connection while
 * idle would throw from an 'error' event, so it gets its own, and goes back to be destroyed.
 */
async function exclusivelyPg(pool: pg.Pool, name: string, run: () => Promise<boolean>): Promise<boolean> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const onError = (error: Error) => (broken = error);
  client.on('error', onError);
  try {
    await client.query('begin');
    const { rows } = await client.query<{ locked: boolean }>(
      'select pg_try_advisory_xact_lock($1, hashtext($2)) as locked',
      [JOB_LOCK_CLASS, name],
    );
    if (!rows[0]?.locked) {
      await client.query('rollback');
      return false;
    }
    let ran: boolean;
    try {
      ran = await run();
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    }
    await client.query('commit');
    return ran;
  } finally {
    client.removeListener('error', onError);
    client.release(broken);
  }
}

/** A dedicated client: a pooled one would be handed to queries and its LISTEN lost on release. */
async function listenPg(
  url: string,
  application_name: string,
  channel: string,
  onNotification: (payload: string) => void,
  onLost: (error: Error) => void,
): Promise<Subscription> {
  const client = new pg.Client({
    connectionString: url,
    application_name,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  let state: 'connecting' | 'listening' | 'closed' = 'connecting';
  const lost = (error: Error) => {
    if (state !== 'listening') return;
    state = 'closed';
    client.end().catch(() => undefined);
    onLost(error);
  };
  client.on('error', lost);
  client.on('end', () => lost(new Error('LISTEN connection ended')));
  client.on('notification', (message) => {
    if (message.channel === channel) onNotification(message.payload ?? '');
  });
  try {
    await client.connect();
    await client.query(`listen ${pg.escapeIdentifier(channel)}`);
  } catch (error) {
    state = 'closed';
    await client.end().catch(() => undefined);
    throw error;
  }
  state = 'listening';
  return {
    async close() {
      if (state === 'closed') return;
      state = 'closed';
      await client.end().catch(() => undefined);
    },
  };
}
