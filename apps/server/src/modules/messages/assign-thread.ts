import { Codes, ProtocolError, type InboxThread } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { queueEvent } from '../events/index.ts';
import { changeThread } from './change-thread.ts';
import { activeAdmins } from './message-queries.ts';
import type { Actor } from '../../plugins/auth.ts';

/** `POST /admin/messages/assign/`: to an active administrator (another id answers 10404), or to nobody. */
export async function assignThread(
  ctx: AppContext,
  actor: Actor,
  request: { id: string; assignee_id: string | null },
): Promise<InboxThread> {
  if (request.assignee_id !== null) {
    const admins = await activeAdmins(ctx.db);
    if (!admins.some((a) => a.id === request.assignee_id)) throw new ProtocolError(Codes.itemsNotFound);
    if (request.assignee_id !== actor.userId) await queueEvent(ctx, ctx.db, request.assignee_id, 'message');
  }
  return changeThread(ctx, actor, request.id, { assigneeId: request.assignee_id }, 'messages.assign', {
    assignee: request.assignee_id,
  });
}
