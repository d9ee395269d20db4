import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { at } from './columns.ts';
import { users } from './core.ts';

/**
 * Which intake queue a patient is in, if any (issue 18 worklist): kept by triggers on every
 * hand-in and review (migration 0014), so the worklist counts and pages it by index instead
 * of working out every patient's newest hand-in and review on each request.
 */
export const intakeQueue = pgTable(
  'intake_queue',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    queue: text('queue', { enum: ['intake_new', 'intake_resubmitted'] }).notNull(),
    /** When the newest hand-in came. */
    at: at('at').notNull(),
  },
  (t) => [
    index('intake_queue_queue_idx').on(t.queue, t.at),
    check('intake_queue_queue_check', sql`${t.queue} in ('intake_new', 'intake_resubmitted')`),
  ],
);
