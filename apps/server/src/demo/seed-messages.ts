import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { appendMessage, ensurePatientThread } from '../modules/messages/index.ts';

/** The demo patient's messenger starts with the clinic's greeting, so the panel shows a conversation. */
export async function seedDemoThread(ctx: AppContext, db: Queryable, patientId: string, adminId: string) {
  const thread = await ensurePatientThread(ctx, db, patientId);
  await appendMessage(
    ctx,
    db,
    thread,
    { kind: 'clinic', id: adminId },
    'Welcome to the patient portal. Write to us here with any question about your care; we answer on working days.',
    undefined,
  );
}
