import { getTableName, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { RETENTIONS, type Retention } from './retention.ts';

/** Rows per statement: a large backlog is deleted in short statements that hold few locks. */
export const PURGE_BATCH = 1000;

/** Deletes what every retention allows at `now`; returns the rows deleted per table. */
export async function purgeGrowingTables(
  ctx: AppContext,
  now: Date = ctx.now(),
): Promise<Record<string, number>> {
  const purged: Record<string, number> = {};
  for (const retention of RETENTIONS) {
    const deleted = await purgeTable(ctx, retention, now);
    if (deleted > 0) purged[getTableName(retention.table)] = deleted;
  }
  if (Object.keys(purged).length > 0) ctx.log.info({ purged }, 'housekeeping purged expired rows');
  return purged;
}

async function purgeTable(ctx: AppContext, retention: Retention, now: Date): Promise<number> {
  const { table } = retention;
  const expired = retention.expired(ctx.config, now);
  let total = 0;
  for (;;) {
    const deleted = await ctx.db.transaction(async (tx) => {
      if (retention.permit) await tx.execute(retention.permit(ctx.config, now));
      const result = await tx.execute(
        sql`delete from ${table} where ctid = any(array(select ctid from ${table} where ${expired} limit ${PURGE_BATCH})) returning 1`,
      );
      return (result as unknown as { rows: unknown[] }).rows.length;
    });
    total += deleted;
    if (deleted < PURGE_BATCH) return total;
  }
}
