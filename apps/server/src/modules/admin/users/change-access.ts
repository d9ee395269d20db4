import type { AdminUser, UserAccessRequest } from '@portal/protocol';
import type { AppContext } from '../../../context.ts';
import { changeUser } from './change-user.ts';
import type { Actor } from '../../../plugins/auth.ts';

/** Replaces the roles and auths; a role taken away ends the user's sessions (change-user.ts). */
export function changeAccess(ctx: AppContext, actor: Actor, request: UserAccessRequest): Promise<AdminUser> {
  const roles = [...new Set(request.roles)].sort();
  const auths = [...new Set(request.auths)].sort();
  return changeUser(ctx, actor, request.id, { action: 'admin.user.access', patch: () => ({ roles, auths }) });
}
