import type { InboxThread, ThreadStatus } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { changeThread } from './change-thread.ts';
import type { Actor } from '../../plugins/auth.ts';

/** `POST /admin/messages/status/`: close or reopen; a patient's new message reopens a closed thread too. */
export function setThreadStatus(
  ctx: AppContext,
  actor: Actor,
  request: { id: string; status: ThreadStatus },
): Promise<InboxThread> {
  return changeThread(ctx, actor, request.id, { status: request.status }, 'messages.status', {
    status: request.status,
  });
}
