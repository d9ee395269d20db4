import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userIdQuery, type UserListQuery } from '@portal/protocol';
import { useSession } from '../../api/use-session.ts';
import {
  acceptInvite,
  applyUserAction,
  changeUserAccess,
  fetchUserDetail,
  fetchUserPage,
  inviteUser,
} from './users-api.ts';

// Keys start with the signed-in account, so one administrator's view never shows for the next
// person on the same tab; gcTime 0 drops names and health data once no screen shows them.
function useUsersKey() {
  return ['admin-users', useSession()?.user.username ?? ''] as const;
}

/** One page of the users table; the previous page stays on screen while the next loads. */
export function useUserPage(query: UserListQuery) {
  return useQuery({
    queryKey: [...useUsersKey(), 'page', query],
    queryFn: () => fetchUserPage(query),
    placeholderData: keepPreviousData,
    gcTime: 0,
  });
}

/** One account; an id that cannot name one (a mistyped URL) is not asked for. */
export function useUserDetail(id: string) {
  return useQuery({
    queryKey: [...useUsersKey(), 'detail', id],
    queryFn: () => fetchUserDetail(id),
    enabled: isUserId(id),
    gcTime: 0,
  });
}

export const isUserId = (id: string) => userIdQuery.safeParse({ id }).success;

/** Every change shows at once on the table and the detail page. */
function useUsersMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  const key = useUsersKey();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: key }) });
}

export const useInviteUser = () => useUsersMutation(inviteUser);
export const useUserAction = () => useUsersMutation(applyUserAction);
export const useChangeAccess = () => useUsersMutation(changeUserAccess);

export function useAcceptInvite() {
  return useMutation({
    mutationFn: ({ token, password }: { token: string; password: string }) => acceptInvite(token, password),
  });
}
