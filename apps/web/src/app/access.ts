import type { Session } from '../api/session.ts';
import { DEFAULT_ROLES, type Role } from '../api/user-info.ts';
import type { AppRoute } from './route-types.ts';

export type AccessDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

export const AUTH_PATH = '/auth';
export const ADMIN_HOME = '/users';
export const ACCOUNT_PATH = '/account';
export const WELCOME_PATH = '/welcome';

/** spec §6: the roles list defaults to user and admin when none are stored. */
export function rolesOf(session: Session | null): readonly Role[] {
  const roles = session?.user.roles ?? [];
  return roles.length > 0 ? roles : DEFAULT_ROLES;
}

/** spec §2: "a user with a username and the admin role". */
export function isAdministrator(session: Session | null): boolean {
  return Boolean(session?.user.username) && rolesOf(session).includes('admin');
}

/** spec §2: the sidebar and its toggle show to users whose auths include admin. */
export function hasAdminAuth(session: Session | null): boolean {
  return session?.user.auths.includes('admin') ?? false;
}

export function mayOpen(route: AppRoute, session: Session | null): boolean {
  if (route.requiresAuth && !session) return false;
  if (!route.roles || route.roles.length === 0) return true;
  const roles = rolesOf(session);
  return route.roles.some((role) => roles.includes(role));
}

/**
 * Where "go to /" ends for this session (spec §2, §4), named at once: the redirects from / (to
 * /welcome, then an administrator on to /users) each swap the signed-in layout for a redirect
 * and back, so a hop through / unmounted the navbar and closed whatever menu was open in it.
 */
export function homePath(session: Session): string {
  if (session.user.mfa_setup_required) return ACCOUNT_PATH;
  return isAdministrator(session) ? ADMIN_HOME : WELCOME_PATH;
}

/**
 * spec §2 guard rules over the chain of matched routes, outermost first:
 * 1. authentication needed but no session → /auth;
 * 2. an administrator opening welcome → /users;
 * 3. a required role missing at any level → /auth.
 */
export function decideAccess(matched: readonly AppRoute[], session: Session | null): AccessDecision {
  if (matched.some((route) => route.requiresAuth) && !session) return { kind: 'redirect', to: AUTH_PATH };
  // protocol.md §10: until the required MFA is set up, the server answers nothing else.
  if (session?.user.mfa_setup_required && !matched.some((route) => route.name === 'account')) {
    return { kind: 'redirect', to: ACCOUNT_PATH };
  }
  if (matched.some((route) => route.name === 'welcome') && isAdministrator(session)) {
    return { kind: 'redirect', to: ADMIN_HOME };
  }
  if (matched.some((route) => !mayOpen(route, session))) return { kind: 'redirect', to: AUTH_PATH };
  return { kind: 'allow' };
}
