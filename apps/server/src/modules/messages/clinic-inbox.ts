import { and, count, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  Codes,
  ProtocolError,
  type AssigneeList,
  type AuditAction,
  type AuditDetail,
  type ClinicThread,
  type InboxPage,
  type InboxThread,
  type inboxQuery,
  type replyRequest,
  type ThreadStatus,
} from '@portal/protocol';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { messages, messageThreads, users } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import { queueEvent } from '../events/index.ts';
import type { AdminActor } from '../admin/index.ts';
import { mailReplyWaiting } from './message-mail.ts';
import {
  activeAdmins,
  threadPersonOf,
  appendMessage,
  checkAttachment,
  markRead,
  readAttachment,
  threadById,
  threadMessages,
  WRITTEN_TO_CLINIC,
} from './message-queries.ts';

const patient = alias(users, 'patient');
const assignee = alias(users, 'assignee');

const unreadOf =
  sql<number>`(select count(*) from ${messages} where ${messages.threadId} = ${messageThreads.id} and ${messages.author} <> 'clinic' and ${messages.readAt} is null)`.mapWith(
    Number,
  );

function summaries(db: Queryable) {
  return db
    .select({
      id: messageThreads.id,
      status: messageThreads.status,
      lastMessageAt: messageThreads.lastMessageAt,
      patientId: patient.id,
      patientFirst: patient.firstName,
      patientLast: patient.lastName,
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

function toInboxThread(row: SummaryRow): InboxThread {
  return {
    id: row.id,
    patient: threadPersonOf(row.patientId, row.patientFirst, row.patientLast),
    status: row.status,
    unread: row.unread,
    last_message_at: row.lastMessageAt.toISOString(),
    assignee: row.assigneeId ? threadPersonOf(row.assigneeId, row.assigneeFirst, row.assigneeLast) : null,
  };
}

/** The inbox: names and times only (no message text), newest activity first, like the users page not a PHI read. */
export async function listInbox(
  ctx: AppContext,
  actor: AdminActor,
  query: z.output<typeof inboxQuery>,
): Promise<InboxPage> {
  const where = and(
    query.status ? eq(messageThreads.status, query.status) : undefined,
    query.mine ? eq(messageThreads.assigneeId, actor.adminId) : undefined,
  );
  const [rows, [total], [unread]] = await Promise.all([
    summaries(ctx.db)
      .where(where)
      .orderBy(desc(messageThreads.lastMessageAt), desc(messageThreads.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    ctx.db.select({ n: count() }).from(messageThreads).where(where),
    ctx.db
      .select({ n: count() })
      .from(messages)
      .innerJoin(messageThreads, eq(messageThreads.id, messages.threadId))
      .where(and(ne(messages.author, 'clinic'), isNull(messages.readAt), eq(messageThreads.status, 'open'))),
  ]);
  return {
    items: rows.map(toInboxThread),
    total: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
    unread_total: unread?.n ?? 0,
  };
}

async function clinicView(ctx: AppContext, db: Queryable, threadId: string): Promise<ClinicThread> {
  const [row] = await summaries(db).where(eq(messageThreads.id, threadId));
  if (!row) throw new ProtocolError(Codes.itemsNotFound);
  return { ...toInboxThread(row), messages: await threadMessages(ctx, db, threadId, 'clinic') };
}

/** `GET /admin/messages/thread/`: an audited PHI read that marks the patient's messages read. */
export function readClinicThread(
  ctx: AppContext,
  actor: AdminActor,
  threadId: string,
): Promise<ClinicThread> {
  return ctx.db.transaction(async (tx) => {
    const thread = await threadById(tx, threadId);
    await markRead(ctx, tx, thread.id, WRITTEN_TO_CLINIC);
    await recordAudit(tx, actor.meta, {
      action: 'messages.read',
      outcome: 'success',
      actorId: actor.adminId,
      subjectId: thread.patientId,
      target: `message_threads:${thread.id}`,
    });
    return clinicView(ctx, tx, thread.id);
  });
}

/**
 * `POST /admin/messages/reply/`: the patient's poll hears of it at once and an e-mail says a reply
 * waits, without its content. Answering a thread counts as reading it.
 */
export async function replyToThread(
  ctx: AppContext,
  actor: AdminActor,
  request: z.output<typeof replyRequest>,
): Promise<ClinicThread> {
  const file = await checkAttachment(request.attachment);
  const { view, recipient } = await ctx.db.transaction(async (tx) => {
    const thread = await threadById(tx, request.id);
    await markRead(ctx, tx, thread.id, WRITTEN_TO_CLINIC);
    const messageId = await appendMessage(
      ctx,
      tx,
      thread,
      { kind: 'clinic', id: actor.adminId },
      request.text,
      file,
    );
    await queueEvent(ctx, tx, thread.patientId, 'message');
    await recordAudit(tx, actor.meta, {
      action: 'messages.write',
      outcome: 'success',
      actorId: actor.adminId,
      subjectId: thread.patientId,
      target: `messages:${messageId}`,
      detail: { thread: thread.id, attachment: file ? { mime: file.mime, size: file.bytes.length } : null },
    });
    const [to] = await tx
      .select({ email: users.email, locale: users.locale, status: users.status })
      .from(users)
      .where(eq(users.id, thread.patientId));
    return { view: await clinicView(ctx, tx, thread.id), recipient: to };
  });
  if (recipient && recipient.status === 'active') await mailReplyWaiting(ctx, recipient);
  return view;
}

async function changeThread(
  ctx: AppContext,
  actor: AdminActor,
  threadId: string,
  change: { assigneeId?: string | null; status?: ThreadStatus },
  action: AuditAction,
  detail: AuditDetail,
): Promise<InboxThread> {
  return ctx.db.transaction(async (tx) => {
    const thread = await threadById(tx, threadId);
    await tx.update(messageThreads).set(change).where(eq(messageThreads.id, thread.id));
    await recordAudit(tx, actor.meta, {
      action,
      outcome: 'success',
      actorId: actor.adminId,
      subjectId: thread.patientId,
      target: `message_threads:${thread.id}`,
      detail,
    });
    const [row] = await summaries(tx).where(eq(messageThreads.id, thread.id));
    return toInboxThread(row!);
  });
}

/** `POST /admin/messages/assign/`: to an active administrator (another id answers 10404), or to nobody. */
export async function assignThread(
  ctx: AppContext,
  actor: AdminActor,
  request: { id: string; assignee_id: string | null },
): Promise<InboxThread> {
  if (request.assignee_id !== null) {
    const admins = await activeAdmins(ctx.db);
    if (!admins.some((a) => a.id === request.assignee_id)) throw new ProtocolError(Codes.itemsNotFound);
    if (request.assignee_id !== actor.adminId) await queueEvent(ctx, ctx.db, request.assignee_id, 'message');
  }
  return changeThread(ctx, actor, request.id, { assigneeId: request.assignee_id }, 'messages.assign', {
    assignee: request.assignee_id,
  });
}

/** `POST /admin/messages/status/`: close or reopen; a patient's new message reopens a closed thread too. */
export function setThreadStatus(
  ctx: AppContext,
  actor: AdminActor,
  request: { id: string; status: ThreadStatus },
): Promise<InboxThread> {
  return changeThread(ctx, actor, request.id, { status: request.status }, 'messages.status', {
    status: request.status,
  });
}

export async function listAssignees(ctx: AppContext): Promise<AssigneeList> {
  return { items: await activeAdmins(ctx.db) };
}

export function readClinicAttachment(ctx: AppContext, actor: AdminActor, attachmentId: string) {
  return ctx.db.transaction(async (tx) => {
    const file = await readAttachment(ctx, tx, attachmentId);
    await recordAudit(tx, actor.meta, {
      action: 'messages.file_read',
      outcome: 'success',
      actorId: actor.adminId,
      subjectId: file.patientId,
      target: `message_attachments:${attachmentId}`,
    });
    return file.content;
  });
}
