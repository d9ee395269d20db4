import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Codes, ProtocolError, type ClinicThread, type InboxThread } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { messages, messageThreads, users } from '../../db/schema/index.ts';
import { threadMessages, threadPersonOf } from './message-queries.ts';

const patient = alias(users, 'patient');
const assignee = alias(users, 'assignee');

const unreadOf =
  sql<number>`(select count(*) from ${messages} where ${messages.threadId} = ${messageThreads.id} and ${messages.author} <> 'clinic' and ${messages.readAt} is null)`.mapWith(
    Number,
  );

export function summaries(db: Queryable) {
  return db
    .select({
      id: messageThreads.id,
      status: messageThreads.status,
      lastMessageAt: messageThreads.lastMessageAt,
      patientId: patient.id,
      patientFirst: patient.firstName,
      patientLast: patient.lastName,
      patientIsPatient: patient.isPatient,
      assigneeId: assignee.id,
      assigneeFirst: assignee.firstName,
      assigneeLast: assignee.lastName,
      unread: unreadOf,
    })
    .from(messageThreads)
    .innerJoin(patient, eq(patient.id, messageThreads.patientId))
    .leftJoin(assignee, eq(assignee.id, messageThreads.assigneeId));
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaries>['execute']>>[number];

export function toInboxThread(row: SummaryRow): InboxThread {
  return {
    id: row.id,
    patient: threadPersonOf(row.patientId, row.patientFirst, row.patientLast),
    // Only `user` accounts write from the messenger, so not a patient is caregiver-only (decision 0032).
    account: row.patientIsPatient ? 'patient' : 'caregiver',
    status: row.status,
    unread: row.unread,
    last_message_at: row.lastMessageAt.toISOString(),
    assignee: row.assigneeId ? threadPersonOf(row.assigneeId, row.assigneeFirst, row.assigneeLast) : null,
  };
}

/** One thread as the clinic reads it, with every message. */
export async function clinicView(ctx: AppContext, db: Queryable, threadId: string): Promise<ClinicThread> {
  const [row] = await summaries(db).where(eq(messageThreads.id, threadId));
  if (!row) throw new ProtocolError(Codes.itemsNotFound);
  return { ...toInboxThread(row), messages: await threadMessages(ctx, db, threadId, 'clinic') };
}
