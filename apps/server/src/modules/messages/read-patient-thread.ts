import type { PatientThread } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../audit/index.ts';
import { patientView } from './patient-thread.ts';
import type { Actor } from '../../plugins/auth.ts';

/** `GET /patient/messages/`: the patient's own thread, whatever id they might know of another. */
export function readPatientThread(ctx: AppContext, actor: Actor): Promise<PatientThread> {
  return ctx.db.transaction(async (tx) => {
    const view = await patientView(ctx, tx, actor.patientId);
    await recordAudit(tx, actor.meta, {
      action: 'messages.read',
      outcome: 'success',
      actorId: actor.patientId,
      target: view.id ? `message_threads:${view.id}` : 'message_threads',
    });
    return view;
  });
}
