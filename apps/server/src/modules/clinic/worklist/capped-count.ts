import { sql, type SQL } from 'drizzle-orm';
import { WORKLIST_COUNT_CAP } from '@portal/protocol';

/** How many of `rows` there are, reading no more than the cap of them (decision 0044). */
export const cappedCount = (rows: SQL) =>
  sql`(select count(*)::int from (select 1 from ${rows} limit ${WORKLIST_COUNT_CAP}) capped)`;
