import type { PatientThread } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { threadMessages, threadOfPatient } from './message-queries.ts';

/** The patient's thread as they read it: without the clinic's notices. */
export async function patientView(ctx: AppContext, db: Queryable, patientId: string): Promise<PatientThread> {
  const thread = await threadOfPatient(db, patientId);
  if (!thread) return { id: null, status: 'open', messages: [], unread: 0 };
  const list = await threadMessages(ctx, db, thread.id, 'patient');
  return {
    id: thread.id,
    status: thread.status,
    messages: list,
    unread: list.filter((m) => m.author === 'clinic' && m.read_at === null).length,
  };
}
