import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Code that may run inside or outside a transaction takes this. */
export type Queryable = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  engine: 'pglite' | 'postgres';
  /** Applies committed migrations; safe when several nodes start at once. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');
// Any fixed 64-bit number: the advisory lock that serialises migrations across nodes.
const MIGRATION_LOCK_ID = 7_302_114_221;

/**
 * PostgreSQL by URL, PGlite in a data directory, or an already open PGlite whose owner
 * closes it (two app instances on one in-process database, as in the two-node test).
 */
export type DatabaseTarget = { url: string } | { dataDir: string } | { pglite: PGlite };

/** One schema, two engines: PostgreSQL when a URL is given, embedded PGlite otherwise. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ('url' in target) {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => undefined);
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    return {
      db,
      engine: 'postgres',
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
          await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const owned = 'dataDir' in target;
  if (owned) await mkdir(target.dataDir, { recursive: true });
  const client = owned ? await PGlite.create(path.join(target.dataDir, 'pglite')) : target.pglite;
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    engine: 'pglite',
    // PGlite is a single in-process connection: no other node can race this.
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
    close: async () => {
      if (owned) await client.close();
    },
  };
}
