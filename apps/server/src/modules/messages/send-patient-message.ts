import type { PatientMessageRequest, PatientThread } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../audit/index.ts';
import { queueEvent } from '../events/index.ts';
import type { Transaction } from '../../db/database.ts';
import {
  activeAdmins,
  appendMessage,
  checkAttachment,
  ensurePatientThread,
  type CheckedAttachment,
} from './message-queries.ts';
import { patientView } from './patient-thread.ts';
import type { Actor } from '../../plugins/auth.ts';

/**
 * `POST /patient/messages/`: the attachment is judged before anything is written. The assigned
 * administrator hears of it through the event poll, or every administrator while nobody is.
 */
export async function sendPatientMessage(
  ctx: AppContext,
  actor: Actor,
  request: { text: string; attachment?: PatientMessageRequest['attachment'] },
): Promise<PatientThread> {
  const file = await checkAttachment(ctx.workers, request.attachment);
  return ctx.db.transaction(async (tx) => {
    await postPatientMessage(ctx, tx, actor, request.text, file);
    return patientView(ctx, tx, actor.patientId);
  });
}

/**
 * Writes the patient's side of their thread (opened on first use) and tells the clinic: the
 * assigned administrator, or every administrator while nobody is. Answers the thread's id.
 */
export async function postPatientMessage(
  ctx: AppContext,
  tx: Transaction,
  actor: Actor,
  text: string,
  file?: CheckedAttachment,
): Promise<string> {
  const thread = await ensurePatientThread(ctx, tx, actor.patientId);
  const messageId = await appendMessage(
    ctx,
    tx,
    thread,
    // A caregiver's message is the patient's side of the thread, written by them (decision 0023).
    { kind: 'patient', id: actor.meta.onBehalf?.caregiverId ?? actor.patientId },
    text,
    file,
  );
  const listeners = thread.assigneeId ? [{ id: thread.assigneeId }] : await activeAdmins(tx, actor.patientId);
  for (const admin of listeners) await queueEvent(ctx, tx, admin.id, 'message');
  await recordAudit(tx, actor.meta, {
    action: 'messages.write',
    outcome: 'success',
    actorId: actor.patientId,
    target: `messages:${messageId}`,
    detail: { thread: thread.id, attachment: file ? { mime: file.mime, size: file.bytes.length } : null },
  });
  return thread.id;
}
