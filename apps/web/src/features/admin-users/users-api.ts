import type {
  AdminUser,
  InviteRequest,
  UserAccessRequest,
  UserActionRequest,
  UserDetail,
  UserListQuery,
  UserPage,
} from '@portal/protocol';
import { apiRequest } from '../../api/client.ts';

// The users API (GET answers and POST bodies sealed: they name people).

export function fetchUserPage(query: UserListQuery): Promise<UserPage> {
  const params = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ''));
  return apiRequest<UserPage>({
    method: 'GET',
    path: '/admin/users/',
    query: params as Record<string, string>,
  });
}

export function fetchUserDetail(id: string): Promise<UserDetail> {
  return apiRequest<UserDetail>({ method: 'GET', path: '/admin/user/', query: { id } });
}

export function inviteUser(body: InviteRequest): Promise<AdminUser> {
  return apiRequest<AdminUser>({ method: 'POST', path: '/admin/users/invite/', body, encryptBody: true });
}

export function applyUserAction(body: UserActionRequest): Promise<AdminUser> {
  return apiRequest<AdminUser>({ method: 'POST', path: '/admin/users/action/', body, encryptBody: true });
}

export function changeUserAccess(body: UserAccessRequest): Promise<AdminUser> {
  return apiRequest<AdminUser>({ method: 'POST', path: '/admin/users/access/', body, encryptBody: true });
}

/** Public: the invited person has no session yet; the password travels sealed like reset confirm's. */
export async function acceptInvite(token: string, newPassword: string): Promise<void> {
  await apiRequest<unknown>({
    method: 'POST',
    path: '/token/invite/accept/',
    body: { token, new_password: newPassword },
    secretField: 'new_password',
    auth: false,
  });
}
