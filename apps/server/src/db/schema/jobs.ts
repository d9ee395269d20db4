import { pgTable, text } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';

/**
 * When each background job (src/jobs) last started anywhere in the cluster: a node runs a job
 * only once its interval has passed since then, so two nodes run it once per interval, not twice.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  startedAt: at('started_at').notNull(),
  finishedAt: at('finished_at'),
});
