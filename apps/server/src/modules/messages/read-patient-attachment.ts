import type { AppContext } from '../../context.ts';
import { recordAudit } from '../audit/index.ts';
import { readAttachment } from './message-queries.ts';
import type { Actor } from '../../plugins/auth.ts';

/** `GET /patient/messages/attachment/`: only files of the patient's own thread; any other id answers 10404. */
export function readPatientAttachment(ctx: AppContext, actor: Actor, attachmentId: string) {
  return ctx.db.transaction(async (tx) => {
    const file = await readAttachment(ctx, tx, attachmentId, actor.patientId);
    await recordAudit(tx, actor.meta, {
      action: 'messages.file_read',
      outcome: 'success',
      actorId: actor.patientId,
      target: `message_attachments:${attachmentId}`,
    });
    return file.content;
  });
}
