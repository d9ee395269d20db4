import type { PatientMessageRequest, PatientThread } from '@portal/protocol';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { recordAudit } from '../audit/index.ts';
import { queueEvent } from '../events/index.ts';
import {
  activeAdmins,
  appendMessage,
  checkAttachment,
  ensurePatientThread,
  markRead,
  readAttachment,
  threadMessages,
  threadOfPatient,
} from './message-queries.ts';

interface Actor {
  userId: string;
  meta: RequestMeta;
}

async function patientView(ctx: AppContext, db: Queryable, patientId: string): Promise<PatientThread> {
  const thread = await threadOfPatient(db, patientId);
  if (!thread) return { id: null, status: 'open', messages: [], unread: 0 };
  const list = await threadMessages(ctx, db, thread.id, 'patient');
  return {
    id: thread.id,
    status: thread.status,
    messages: list,
    unread: list.filter((m) => m.author === 'clinic' && m.read_at === null).length,
  };
}

/** `GET /patient/messages/`: the patient's own thread, whatever id they might know of another. */
export function readPatientThread(ctx: AppContext, actor: Actor): Promise<PatientThread> {
  return ctx.db.transaction(async (tx) => {
    const view = await patientView(ctx, tx, actor.userId);
    await recordAudit(tx, actor.meta, {
      action: 'messages.read',
      outcome: 'success',
      actorId: actor.userId,
      target: view.id ? `message_threads:${view.id}` : 'message_threads',
    });
    return view;
  });
}

/**
 * `POST /patient/messages/`: the attachment is judged before anything is written. The assigned
 * administrator hears of it through the event poll, or every administrator while nobody is.
 */
export async function sendPatientMessage(
  ctx: AppContext,
  actor: Actor,
  request: { text: string; attachment?: PatientMessageRequest['attachment'] },
): Promise<PatientThread> {
  const file = await checkAttachment(request.attachment);
  return ctx.db.transaction(async (tx) => {
    const thread = await ensurePatientThread(ctx, tx, actor.userId);
    const messageId = await appendMessage(
      ctx,
      tx,
      thread,
      { kind: 'patient', id: actor.userId },
      request.text,
      file,
    );
    const listeners = thread.assigneeId ? [{ id: thread.assigneeId }] : await activeAdmins(tx, actor.userId);
    for (const admin of listeners) await queueEvent(ctx, tx, admin.id, 'message');
    await recordAudit(tx, actor.meta, {
      action: 'messages.write',
      outcome: 'success',
      actorId: actor.userId,
      target: `messages:${messageId}`,
      detail: { thread: thread.id, attachment: file ? { mime: file.mime, size: file.bytes.length } : null },
    });
    return patientView(ctx, tx, actor.userId);
  });
}

/** `POST /patient/messages/read/`: the clinic's messages so far count as read. */
export function markPatientRead(ctx: AppContext, actor: Actor): Promise<PatientThread> {
  return ctx.db.transaction(async (tx) => {
    const thread = await threadOfPatient(tx, actor.userId);
    if (thread) await markRead(ctx, tx, thread.id, ['clinic']);
    return patientView(ctx, tx, actor.userId);
  });
}

/** `GET /patient/messages/attachment/`: only files of the patient's own thread; any other id answers 10404. */
export function readPatientAttachment(ctx: AppContext, actor: Actor, attachmentId: string) {
  return ctx.db.transaction(async (tx) => {
    const file = await readAttachment(ctx, tx, attachmentId, actor.userId);
    await recordAudit(tx, actor.meta, {
      action: 'messages.file_read',
      outcome: 'success',
      actorId: actor.userId,
      target: `message_attachments:${attachmentId}`,
    });
    return file.content;
  });
}
