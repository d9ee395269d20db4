import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { MessageAuthor, ThreadStatus } from '@portal/protocol';
import { at, bytea, createdAt } from './columns.ts';
import { users } from './core.ts';

/** The built-in messenger: one conversation between a patient and the clinic. */
export const messageThreads = pgTable(
  'message_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<ThreadStatus>().notNull().default('open'),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    lastMessageAt: at('last_message_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('message_threads_patient_key').on(t.patientId),
    index('message_threads_last_idx').on(t.lastMessageAt),
    // The inbox filtered by status, newest first, and its count.
    index('message_threads_status_last_idx').on(t.status, t.lastMessageAt),
  ],
);

/** The text is PHI, so it is stored encrypted and bound to its row; who and when stay plain for queries. */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    author: text('author').$type<MessageAuthor>().notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: bytea('body_enc').notNull(),
    createdAt: createdAt(),
    /** When the other side first read it. */
    readAt: at('read_at'),
  },
  (t) => [
    index('messages_thread_idx').on(t.threadId, t.createdAt),
    // The worklist's unread-messages queue: few rows are unread at any time. By conversation
    // (its count, and whether an older message is unread) and by time (the queue's walk).
    index('messages_unread_idx')
      .on(t.threadId, t.createdAt)
      .where(sql`author = 'patient' and read_at is null`),
    index('messages_unread_at_idx')
      .on(t.createdAt, t.id)
      .where(sql`author = 'patient' and read_at is null`),
  ],
);

/** At most one file per message; its name and bytes are encrypted like the text. */
export const messageAttachments = pgTable('message_attachments', {
  id: uuid('id').primaryKey(),
  messageId: uuid('message_id')
    .notNull()
    .unique()
    .references(() => messages.id, { onDelete: 'cascade' }),
  name: bytea('name_enc').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  data: bytea('data_enc').notNull(),
});
