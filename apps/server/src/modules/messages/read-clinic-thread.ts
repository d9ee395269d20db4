import type { ClinicThread } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../audit/index.ts';
import { clinicView } from './inbox-queries.ts';
import { markRead, threadById, WRITTEN_TO_CLINIC } from './message-queries.ts';
import type { Actor } from '../../plugins/auth.ts';

/** `GET /admin/messages/thread/`: an audited PHI read that marks the patient's messages read. */
export function readClinicThread(ctx: AppContext, actor: Actor, threadId: string): Promise<ClinicThread> {
  return ctx.db.transaction(async (tx) => {
    const thread = await threadById(tx, threadId);
    await markRead(ctx, tx, thread.id, WRITTEN_TO_CLINIC);
    await recordAudit(tx, actor.meta, {
      action: 'messages.read',
      outcome: 'success',
      actorId: actor.userId,
      subjectId: thread.patientId,
      target: `message_threads:${thread.id}`,
    });
    return clinicView(ctx, tx, thread.id);
  });
}
