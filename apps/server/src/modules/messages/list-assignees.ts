import type { AssigneeList } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { activeAdmins } from './message-queries.ts';

/** `GET /admin/messages/assignees/`: who a thread can be given to. */
export async function listAssignees(ctx: AppContext): Promise<AssigneeList> {
  return { items: await activeAdmins(ctx.db) };
}
