import { getSession, type Session } from './session.ts';
import { firstStaffPage } from './staff-pages.ts';
import { DEFAULT_ROLES, type Role } from './user-info.ts';

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

/**
 * Where "go to /" ends for this session (spec §2, §4), named at once: the redirects from / (to
 * /welcome, then an administrator on to /users) each swap the signed-in layout for a redirect
 * and back, so a hop through / unmounted the navbar and closed whatever menu was open in it.
 */
export function homePath(session: Session): string {
  if (session.user.mfa_setup_required) return ACCOUNT_PATH;
  return isAdministrator(session) ? adminHome(session) : WELCOME_PATH;
}

/**
 * spec §2 sends an administrator to /users; one whose permissions do not open it lands on the
 * first staff page they may open, and one with none on their account page, never on a refusal.
 */
export function adminHome(session: Session): string {
  return firstStaffPage(session) ?? ACCOUNT_PATH;
}

/** Where / leads for whoever is signed in now; / itself (the guards decide) for nobody. */
export function currentHomePath(): string {
  const session = getSession();
  return session ? homePath(session) : '/';
}
