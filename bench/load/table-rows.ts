import pg from 'pg';
import { formatTable } from '../lib/table.ts';

/**
 * The tables that grow with traffic and the housekeeping job purges (docs/operations.md,
 * "Retention"), plus the outbox, which empties as mail goes out. A soak is healthy when these
 * stay flat once the retentions have come round.
 */
const GROWING_TABLES = [
  'handshakes',
  'used_salts',
  'sessions',
  'refresh_tokens',
  'email_tokens',
  'mfa_challenges',
  'events',
  'rate_limits',
  'audit_log',
  'mail_outbox',
] as const;

export type TableRows = Record<(typeof GROWING_TABLES)[number], number>;

/** Row counts on PostgreSQL; undefined on PGlite, whose files the running portal holds locked. */
export async function countGrowingTables(databaseUrl: string | undefined): Promise<TableRows | undefined> {
  if (!databaseUrl) return undefined;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const counts = {} as TableRows;
    for (const table of GROWING_TABLES) {
      const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${table}`);
      counts[table] = Number(rows[0]!.n);
    }
    return counts;
  } finally {
    await client.end();
  }
}

export function reportTableRows(start: TableRows | undefined, end: TableRows | undefined): void {
  if (!start || !end) {
    console.log('Row counts of the growing tables: only with DATABASE_URL (PGlite is locked by the portal).');
    return;
  }
  console.log(
    formatTable(
      [
        { header: 'table' },
        { header: 'rows at start', align: 'right' },
        { header: 'rows at end', align: 'right' },
      ],
      GROWING_TABLES.map((t) => [t, String(start[t]), String(end[t])]),
    ),
  );
}
