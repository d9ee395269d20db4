import { and, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { messages, messageThreads } from '../../db/schema/index.ts';
import { bodyContext } from './message-queries.ts';

/**
 * How many of the newest messages a text search reads. Message text is encrypted at rest, so a
 * search opens each message it looks at; a fixed window keeps one search's cost the same however
 * long the clinic's history grows (decision 0030). The inbox says so beside the box.
 */
export const TEXT_SEARCH_WINDOW = 1000;

/** The threads (of those `where` keeps) whose newest messages contain `text`, any case. */
export async function threadsWithText(
  ctx: AppContext,
  where: SQL | undefined,
  text: string,
): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: messages.id, threadId: messages.threadId, body: messages.body })
    .from(messages)
    .innerJoin(messageThreads, eq(messageThreads.id, messages.threadId))
    .where(and(where, ne(messages.author, 'system')))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(TEXT_SEARCH_WINDOW);
  const wanted = text.toLocaleLowerCase();
  const found = rows.filter((row) => {
    const body = ctx.cipher.decryptJson(row.body, bodyContext(row.threadId, row.id));
    return typeof body === 'string' && body.toLocaleLowerCase().includes(wanted);
  });
  return [...new Set(found.map((row) => row.threadId))];
}
