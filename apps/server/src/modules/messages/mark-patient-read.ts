import type { PatientThread } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { markRead, threadOfPatient } from './message-queries.ts';
import { patientView } from './patient-thread.ts';
import type { Actor } from '../../plugins/auth.ts';

/** `POST /patient/messages/read/`: the clinic's messages so far count as read. */
export function markPatientRead(ctx: AppContext, actor: Actor): Promise<PatientThread> {
  return ctx.db.transaction(async (tx) => {
    const thread = await threadOfPatient(tx, actor.patientId);
    if (thread) await markRead(ctx, tx, thread.id, ['clinic']);
    return patientView(ctx, tx, actor.patientId);
  });
}
