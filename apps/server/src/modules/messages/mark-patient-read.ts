import type { PatientThread } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { markRead, threadOfPatient } from './message-queries.ts';
import { patientView, type PatientActor } from './patient-thread.ts';

/** `POST /patient/messages/read/`: the clinic's messages so far count as read. */
export function markPatientRead(ctx: AppContext, actor: PatientActor): Promise<PatientThread> {
  return ctx.db.transaction(async (tx) => {
    const thread = await threadOfPatient(tx, actor.userId);
    if (thread) await markRead(ctx, tx, thread.id, ['clinic']);
    return patientView(ctx, tx, actor.userId);
  });
}
