import { userListQuery, type UserListParams, type UserListQuery } from '@portal/protocol';

export type UserListState = UserListParams;
const DEFAULTS = userListQuery.parse({});

/**
 * The table's state lives in the address (back button, bookmarks, a link from elsewhere). A
 * parameter the protocol's schema refuses is dropped rather than breaking the page.
 */
export function listStateFrom(params: URLSearchParams): UserListState {
  const raw: Record<string, string> = Object.fromEntries(params);
  const parsed = userListQuery.safeParse(raw);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) delete raw[String(issue.path[0])];
  return userListQuery.safeParse(raw).data ?? DEFAULTS;
}

/** Only what differs from the defaults goes into the address. */
export function paramsFrom(state: UserListState): Record<string, string> {
  return Object.fromEntries(
    Object.entries(state)
      .filter(
        ([key, value]) =>
          value !== undefined && value !== '' && value !== DEFAULTS[key as keyof UserListState],
      )
      .map(([key, value]) => [key, String(value)]),
  );
}

/** What the API is asked: the state without empty values. */
export function apiQueryOf(state: UserListState): UserListQuery {
  return { ...state, q: state.q || undefined };
}
