import type { AppContext } from '../../context.ts';
import { recordAudit } from '../audit/index.ts';
import { readAttachment } from './message-queries.ts';
import type { PatientActor } from './patient-thread.ts';

/** `GET /patient/messages/attachment/`: only files of the patient's own thread; any other id answers 10404. */
export function readPatientAttachment(ctx: AppContext, actor: PatientActor, attachmentId: string) {
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
