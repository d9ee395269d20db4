import type { PatientThread } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../audit/index.ts';
import { patientView, type PatientActor } from './patient-thread.ts';

/** `GET /patient/messages/`: the patient's own thread, whatever id they might know of another. */
export function readPatientThread(ctx: AppContext, actor: PatientActor): Promise<PatientThread> {
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
