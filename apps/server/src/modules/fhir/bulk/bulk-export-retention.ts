import { sql, type SQL } from 'drizzle-orm';

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/** Exports past their 24 hours (`expires_at`), for the purge. */
export const expiredBulkExports = (now: Date): SQL => sql`expires_at < ${at(now)}`;

/** The files of those exports, deleted first in batches of their own (they are the bulk). */
export const filesOfExpiredBulkExports = (now: Date): SQL =>
  sql`export_id in (select id from bulk_exports where expires_at < ${at(now)})`;
