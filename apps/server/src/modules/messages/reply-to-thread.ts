import { eq } from 'drizzle-orm';
import type { ClinicThread, replyRequest } from '@portal/protocol';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import { queueEvent } from '../events/index.ts';
import { clinicView } from './inbox-queries.ts';
import { mailReplyWaiting } from './message-mail.ts';
import {
  appendMessage,
  checkAttachment,
  markRead,
  threadById,
  WRITTEN_TO_CLINIC,
} from './message-queries.ts';
import type { Actor } from '../../plugins/auth.ts';

/**
 * `POST /admin/messages/reply/`: the patient's poll hears of it at once and an e-mail says a reply
 * waits, without its content. Answering a thread counts as reading it.
 */
export async function replyToThread(
  ctx: AppContext,
  actor: Actor,
  request: z.output<typeof replyRequest>,
): Promise<ClinicThread> {
  const file = await checkAttachment(ctx.workers, request.attachment);
  const { view, recipient } = await ctx.db.transaction(async (tx) => {
    const thread = await threadById(tx, request.id);
    await markRead(ctx, tx, thread.id, WRITTEN_TO_CLINIC);
    const messageId = await appendMessage(
      ctx,
      tx,
      thread,
      { kind: 'clinic', id: actor.userId },
      request.text,
      file,
    );
    await queueEvent(ctx, tx, thread.patientId, 'message');
    await recordAudit(tx, actor.meta, {
      action: 'messages.write',
      outcome: 'success',
      actorId: actor.userId,
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
