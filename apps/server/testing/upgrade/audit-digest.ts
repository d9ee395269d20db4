import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/database.ts';
import { sha256Hex, type AuditDigest } from './manifest.ts';

type Rows = { rows: Record<string, string | null>[] };

/** The audit log's columns as this database has them, in table order. */
export async function auditColumns(db: Database): Promise<string[]> {
  const result = (await db.execute(sql`
    select column_name from information_schema.columns
    where table_schema = 'public' and table_name = 'audit_log' order by ordinal_position`)) as unknown as Rows;
  return result.rows.map((r) => r.column_name!);
}

/**
 * A digest of the audit rows up to `maxId`, as text of the given columns. Times are read in
 * UTC inside one transaction, so the text does not depend on the server's time zone setting.
 */
export async function auditDigest(db: Database, columns: string[], maxId?: number): Promise<AuditDigest> {
  const list = sql.join(
    columns.map((c) => sql`${sql.identifier(c)}::text as ${sql.identifier(c)}`),
    sql`, `,
  );
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const bound = maxId === undefined ? sql`true` : sql`id <= ${maxId}`;
    return (
      (await tx.execute(
        sql`select ${list} from audit_log where ${bound} order by audit_log.id`,
      )) as unknown as Rows
    ).rows;
  });
  return {
    columns,
    rows: rows.length,
    max_id: rows.length ? Number(rows.at(-1)!.id) : 0,
    sha256: sha256Hex(JSON.stringify(rows.map((r) => columns.map((c) => r[c])))),
  };
}
