import { eq } from 'drizzle-orm';
import type { AuditAction, AuditDetail, InboxThread, ThreadStatus } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { messageThreads } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import { summaries, toInboxThread } from './inbox-queries.ts';
import { threadById } from './message-queries.ts';
import type { Actor } from '../../plugins/auth.ts';

/** Assigning and closing share one audited change of the thread row. */
export async function changeThread(
  ctx: AppContext,
  actor: Actor,
  threadId: string,
  change: { assigneeId?: string | null; status?: ThreadStatus },
  action: AuditAction,
  detail: AuditDetail,
): Promise<InboxThread> {
  return ctx.db.transaction(async (tx) => {
    const thread = await threadById(tx, threadId);
    await tx.update(messageThreads).set(change).where(eq(messageThreads.id, thread.id));
    await recordAudit(tx, actor.meta, {
      action,
      outcome: 'success',
      actorId: actor.userId,
      subjectId: thread.patientId,
      target: `message_threads:${thread.id}`,
      detail,
    });
    const [row] = await summaries(tx).where(eq(messageThreads.id, thread.id));
    return toInboxThread(row!);
  });
}
