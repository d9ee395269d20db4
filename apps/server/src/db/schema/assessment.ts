import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { at, bytea } from './columns.ts';
import { users } from './core.ts';

/**
 * Submitted assessments (design/assessments.md). Answers, score and band are PHI and live
 * only in `data_enc`; the instrument, its version and the time stay plain for the history
 * order and the due date.
 */
export const assessmentSubmissions = pgTable(
  'assessment_submissions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    instrument: text('instrument').notNull(),
    version: integer('version').notNull(),
    submittedAt: at('submitted_at').notNull(),
    data: bytea('data_enc').notNull(),
  },
  (t) => [index('assessment_submissions_user_idx').on(t.userId, t.instrument, t.submittedAt)],
);

/** At most one unsent draft per patient and instrument, encrypted like the submissions. */
export const assessmentDrafts = pgTable(
  'assessment_drafts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    instrument: text('instrument').notNull(),
    version: integer('version').notNull(),
    data: bytea('data_enc').notNull(),
    savedAt: at('saved_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.instrument] })],
);

/**
 * Each patient's newest submission per instrument, written with it: the
 * time for the due queue and whether it is flagged (a worse band or a drop of 10 points or
 * more), so the worklist counts in SQL without decrypting every record. `flagged` is null
 * until the boot backfill has judged a submission made before this table existed.
 */
export const assessmentLatest = pgTable(
  'assessment_latest',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    instrument: text('instrument').notNull(),
    submissionId: uuid('submission_id').notNull(),
    submittedAt: at('submitted_at').notNull(),
    flagged: boolean('flagged'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.instrument] }),
    index('assessment_latest_due_idx').on(t.instrument, t.submittedAt),
    index('assessment_latest_flagged_idx')
      .on(t.instrument, t.submittedAt, t.userId)
      .where(sql`flagged`),
  ],
);
