import { integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { at, bytea } from './columns.ts';
import { users } from './core.ts';

/** Files a patient uploads (insurance card images), encrypted at rest, one per slot. */
export const patientFiles = pgTable(
  'patient_files',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** e.g. `insurance:medicare:front`. */
    slot: text('slot').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data_enc').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.slot] })],
);
