import { and, count, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { InboxPage, inboxQuery } from '@portal/protocol';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { messages, messageThreads, users } from '../../db/schema/index.ts';
import { escapeLike } from '../../db/escape-like.ts';
import { recordStandaloneAudit } from '../audit/index.ts';
import { summaries, toInboxThread } from './inbox-queries.ts';
import { threadsWithText } from './threads-with-text.ts';
import type { Actor } from '../../plugins/auth.ts';

/** The start of the patient's e-mail, full name or family name, through migration 0005's indexes. */
function patientNamed(text: string): SQL {
  const prefix = `${escapeLike(text.toLowerCase())}%`;
  return inArray(
    messageThreads.patientId,
    sql`(select ${users.id} from ${users} where lower(${users.email}) like ${prefix}
      or lower(${users.firstName} || ' ' || ${users.lastName}) like ${prefix} or lower(${users.lastName}) like ${prefix})`,
  );
}

/**
 * A search finds conversations by the patient's name, or by words in the newest messages
 * (threads-with-text.ts): those are opened to look, so such a search is audited as a read.
 */
async function searchOf(ctx: AppContext, actor: Actor, where: SQL | undefined, text: string): Promise<SQL> {
  const withText = await threadsWithText(ctx, where, text);
  await recordStandaloneAudit(ctx, actor.meta, {
    action: 'messages.search',
    outcome: 'success',
    actorId: actor.userId,
    detail: { rows: withText.length },
  });
  return withText.length > 0
    ? or(patientNamed(text), inArray(messageThreads.id, withText))!
    : patientNamed(text);
}

/**
 * The inbox: names and times only (no message text), newest activity first, like the users page
 * not a PHI read; a search of the text is one (searchOf).
 */
export async function listInbox(
  ctx: AppContext,
  actor: Actor,
  query: z.output<typeof inboxQuery>,
): Promise<InboxPage> {
  const filters = and(
    query.status ? eq(messageThreads.status, query.status) : undefined,
    query.mine ? eq(messageThreads.assigneeId, actor.userId) : undefined,
  );
  const where = query.q ? and(filters, await searchOf(ctx, actor, filters, query.q)) : filters;
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
