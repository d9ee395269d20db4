import type { MessageNotice } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { queueEvent } from '../events/index.ts';
import { activeAdmins, appendNotice, ensurePatientThread } from './message-queries.ts';

/**
 * Puts a notice in the clinic inbox, inside the patient's conversation (created if they never
 * wrote), so whoever answers the patient sees it beside the messages and can reply at once.
 * The assigned administrator hears of it through the event poll, or every one while nobody is.
 */
export async function noticeToClinic(
  ctx: AppContext,
  db: Queryable,
  patientId: string,
  notice: MessageNotice,
): Promise<void> {
  const thread = await ensurePatientThread(ctx, db, patientId);
  await appendNotice(ctx, db, thread, notice);
  const listeners = thread.assigneeId ? [{ id: thread.assigneeId }] : await activeAdmins(db);
  for (const admin of listeners) await queueEvent(ctx, db, admin.id, 'message');
}
