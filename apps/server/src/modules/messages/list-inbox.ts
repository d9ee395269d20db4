import { and, count, desc, eq, isNull, ne } from 'drizzle-orm';
import type { InboxPage, inboxQuery } from '@portal/protocol';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { messages, messageThreads } from '../../db/schema/index.ts';
import type { AdminActor } from '../admin/index.ts';
import { summaries, toInboxThread } from './inbox-queries.ts';

/** The inbox: names and times only (no message text), newest activity first, like the users page not a PHI read. */
export async function listInbox(
  ctx: AppContext,
  actor: AdminActor,
  query: z.output<typeof inboxQuery>,
): Promise<InboxPage> {
  const where = and(
    query.status ? eq(messageThreads.status, query.status) : undefined,
    query.mine ? eq(messageThreads.assigneeId, actor.adminId) : undefined,
  );
  const [rows, [total], [unread]] = await Promise.all([
    summaries(ctx.db)
      .where(where)
      .orderBy(desc(messageThreads.lastMessageAt), desc(messageThreads.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    ctx.db.select({ n: count() }).from(messageThreads).where(where),
    ctx.db
      .select({ n: count() })
      .from(messages)
      .innerJoin(messageThreads, eq(messageThreads.id, messages.threadId))
      .where(and(ne(messages.author, 'clinic'), isNull(messages.readAt), eq(messageThreads.status, 'open'))),
  ]);
  return {
    items: rows.map(toInboxThread),
    total: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
    unread_total: unread?.n ?? 0,
  };
}
