import { bytea, at, createdAt } from './columns.ts';
import { index, integer, pgTable, uuid } from 'drizzle-orm/pg-core';

/**
 * Mail waiting to be sent (modules/mail/mail-queue.ts). A request only adds a row, so answering
 * takes the same time whoever the mail is for; a worker on any node sends it. The message is
 * sealed with the data key: recipients and single-use links are secrets at rest.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    message: bytea('message').notNull(),
    /** Not sent before this time: a worker that claims the row pushes it on, so a crash only delays the mail. */
    notBefore: at('not_before').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.notBefore)],
);
