import { boolean, check, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { at } from './columns.ts';
import { users } from './core.ts';

/**
 * Which intake queue a patient is in, if any, for the worklist: kept by triggers on every
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
    index('intake_queue_queue_idx').on(t.queue, t.at, t.userId),
    check('intake_queue_queue_check', sql`${t.queue} in ('intake_new', 'intake_resubmitted')`),
  ],
);

/**
 * When each active patient's BF-ADL falls due, for the worklist: the interval after their
 * newest BF-ADL, or when the account was made if they never answered. Kept by triggers on
 * users and assessment_latest (migration 0015), so the due queue counts and pages this narrow
 * table by index instead of joining every patient to their newest submission on each request
 * (10 ms per count at 10,000 patients on PGlite).
 */
export const bfAdlSchedule = pgTable(
  'bf_adl_schedule',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    dueAt: at('due_at').notNull(),
    neverAnswered: boolean('never_answered').notNull(),
  },
  (t) => [index('bf_adl_schedule_due_idx').on(t.dueAt, t.userId)],
);

/**
 * Who on the staff has taken a worklist item. An item is a patient in a queue, or one
 * of their documents in the document queues (`item_id` is then the document assignment's id).
 * A row outlives nothing: the patient's or the assignee's deletion cascades to it, and the
 * housekeeping purge deletes it once its item has left the queue (jobs/retention.ts).
 */
export const worklistAssignees = pgTable(
  'worklist_assignees',
  {
    queue: text('queue').notNull(),
    itemId: uuid('item_id').notNull(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assigneeId: uuid('assignee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignedAt: at('assigned_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.queue, t.itemId] }),
    index('worklist_assignees_assignee_idx').on(t.assigneeId),
    index('worklist_assignees_patient_idx').on(t.patientId),
  ],
);
