import type { userListQuery, UserPage } from '@portal/protocol';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { findUsers } from './user-queries.ts';

/** The users page: names and e-mail addresses only, so a page view is not a PHI read. */
export async function listUsers(ctx: AppContext, query: z.output<typeof userListQuery>): Promise<UserPage> {
  const q = query.q?.trim() || undefined;
  const { items, total } = await findUsers(ctx.db, ctx.now(), { ...query, q });
  return { items, total, page: query.page, page_size: query.page_size };
}
