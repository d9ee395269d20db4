import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/database.ts';
import { sha256Hex } from './manifest.ts';

type Rows = { rows: Record<string, string | null>[] };

/**
 * Tables whose rows a fixture records as they are, not only as the API answers them: the device
 * orders of migration 0021, whose catalogue, history, holds, proofs and resupply prompts a later
 * migration must carry over unchanged, whatever routes read them then; and the integrations of
 * 0023, whose clients' key sets and queued events' payloads no admin route answers.
 */
export const DIGESTED_TABLES = [
  'catalogue_items',
  'device_orders',
  'device_order_items',
  'device_order_holds',
  'device_order_slots',
  'device_order_events',
  'device_deliveries',
  'resupply_prompts',
  'fhir_clients',
  'webhook_endpoints',
  'webhook_messages',
] as const;

/**
 * Columns left out of a table's digest because every node changes them with the clock alone: a
 * webhook message's delivery state moves with each attempt of the worker and when its window closes.
 */
const MOVING_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  webhook_messages: [
    'status',
    'attempts',
    'next_attempt_at',
    'last_attempt_at',
    'last_status',
    'last_error',
    'delivered_at',
  ],
};

/** A table's rows as text of the columns a release had. */
export interface TableDigest {
  columns: string[];
  rows: number;
  sha256: string;
}

async function columnsOf(db: Database, table: string): Promise<string[]> {
  const result = (await db.execute(sql`
    select column_name from information_schema.columns
    where table_schema = 'public' and table_name = ${table} order by ordinal_position`)) as unknown as Rows;
  return result.rows.map((r) => r.column_name!);
}

/**
 * `table`'s rows as text of `columns`, ordered by the first (the key), read in UTC inside one
 * transaction so the text does not depend on the server's time zone setting.
 */
export async function tableDigest(db: Database, table: string, columns: string[]): Promise<TableDigest> {
  const list = sql.join(
    columns.map((c) => sql`${sql.identifier(c)}::text as ${sql.identifier(c)}`),
    sql`, `,
  );
  const key = sql.identifier(columns[0]!);
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    return (
      (await tx.execute(
        sql`select ${list} from ${sql.identifier(table)} order by ${key}::text`,
      )) as unknown as Rows
    ).rows;
  });
  return {
    columns,
    rows: rows.length,
    sha256: sha256Hex(JSON.stringify(rows.map((r) => columns.map((c) => r[c])))),
  };
}

/** The digest of every table of {@link DIGESTED_TABLES} this database has. */
export async function tableDigests(db: Database): Promise<Record<string, TableDigest>> {
  const digests: Record<string, TableDigest> = {};
  for (const table of DIGESTED_TABLES) {
    const moving = MOVING_COLUMNS[table] ?? [];
    const columns = (await columnsOf(db, table)).filter((c) => !moving.includes(c));
    if (columns.length > 0) digests[table] = await tableDigest(db, table, columns);
  }
  return digests;
}
