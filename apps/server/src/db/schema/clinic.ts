import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { at, bytea } from './columns.ts';
import { users } from './core.ts';

/**
 * The intake exactly as the patient handed it in, one row per hand-in: the chart reads the
 * newest, never the live resources or drafts. `snapshot_enc` holds every section and the
 * coverages (card bytes stay in `intake_submission_files`, named by sha256).
 */
export const intakeSubmissions = pgTable(
  'intake_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    snapshot: bytea('snapshot_enc').notNull(),
    submittedAt: at('submitted_at').notNull().defaultNow(),
  },
  (t) => [index('intake_submissions_user_idx').on(t.userId, t.submittedAt.desc())],
);

/**
 * Card images as they were handed in. A patient replacing a card (after the clinic reopened
 * insurance) must not change what an earlier hand-in showed, so the ciphertext is copied here
 * once per distinct file; it stays bound to the slot it was encrypted for (`slot`).
 */
export const intakeSubmissionFiles = pgTable(
  'intake_submission_files',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sha256: text('sha256').notNull(),
    slot: text('slot').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    data: bytea('data_enc').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sha256] })],
);

/** A staff member's review of one hand-in; a change request names sections and carries a note. */
export const intakeReviews = pgTable(
  'intake_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => intakeSubmissions.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => users.id),
    outcome: text('outcome', { enum: ['reviewed', 'changes_requested'] }).notNull(),
    sections: text('sections')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Encrypted: a note can carry PHI. */
    note: bytea('note_enc'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('intake_reviews_user_idx').on(t.userId, t.createdAt.desc()),
    check('intake_reviews_outcome_check', sql`${t.outcome} in ('reviewed', 'changes_requested')`),
  ],
);
