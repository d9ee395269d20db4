import type { AppContext } from '../../context.ts';
import { recordAudit } from '../audit/index.ts';
import { readAttachment } from './message-queries.ts';
import type { Actor } from '../../plugins/auth.ts';

/** `GET /admin/messages/attachment/`: any thread's file, audited under the thread's patient. */
export function readClinicAttachment(ctx: AppContext, actor: Actor, attachmentId: string) {
  return ctx.db.transaction(async (tx) => {
    const file = await readAttachment(ctx, tx, attachmentId);
    await recordAudit(tx, actor.meta, {
      action: 'messages.file_read',
      outcome: 'success',
      actorId: actor.userId,
      subjectId: file.patientId,
      target: `message_attachments:${attachmentId}`,
    });
    return file.content;
  });
}
