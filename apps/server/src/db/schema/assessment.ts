import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
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
