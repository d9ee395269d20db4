import { ACCOUNT_PATH, adminHome, isAdministrator, rolesOf } from '../api/home-path.ts';
import { holdsPermission } from '../api/staff-pages.ts';
import type { Session } from '../api/session.ts';
import type { CaregiverScope } from '@portal/protocol';
import type { AppRoute } from './route-types.ts';

export type AccessDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

export const AUTH_PATH = '/auth';

/** spec §2: the sidebar and its toggle show to users whose auths include admin. */
export function hasAdminAuth(session: Session | null): boolean {
  return session?.user.auths.includes('admin') ?? false;
}

export function mayOpen(route: AppRoute, session: Session | null): boolean {
  if (route.requiresAuth && !session) return false;
  if (!route.roles || route.roles.length === 0) return true;
  const roles = rolesOf(session);
  if (!route.roles.some((role) => roles.includes(role))) return false;
  return !route.permission || holdsPermission(session, route.permission);
}

/**
 * spec §2 guard rules over the chain of matched routes, outermost first:
 * 1. authentication needed but no session → /auth;
 * 2. an administrator opening welcome → /users (or the first staff page they may open);
 * 3. a required role or staff permission missing at any level → /auth.
 */
export function decideAccess(matched: readonly AppRoute[], session: Session | null): AccessDecision {
  if (matched.some((route) => route.requiresAuth) && !session) return { kind: 'redirect', to: AUTH_PATH };
  // protocol.md §10: until the required MFA is set up, the server answers nothing else.
  if (session?.user.mfa_setup_required && !matched.some((route) => route.name === 'account')) {
    return { kind: 'redirect', to: ACCOUNT_PATH };
  }
  if (session && matched.some((route) => route.name === 'welcome') && isAdministrator(session)) {
    return { kind: 'redirect', to: adminHome(session) };
  }
  if (matched.some((route) => !mayOpen(route, session))) return { kind: 'redirect', to: AUTH_PATH };
  return { kind: 'allow' };
}

/** Whose record the tab has open, as far as the record guard needs to know (decisions 0023, 0032). */
export interface OpenRecord {
  /** The patient acted for; null on one's own record. */
  actingFor: string | null;
  /** False for a caregiver-only account; undefined until its grants have been read. */
  isPatient: boolean | undefined;
}

/** The pages of a patient's record: those a grant scope opens (the route table's `caregiverScope`). */
const isRecordPage = (route: AppRoute) => route.caregiverScope !== undefined;

/**
 * Decision 0032: a caregiver-only account has no record of its own, so a link to one of its
 * record pages leads home, where it chooses whose record to open. Until the account is known,
 * a record page waits rather than ask the server for what may be refused.
 */
export function decideRecordAccess(
  matched: readonly AppRoute[],
  record: OpenRecord,
): AccessDecision | { kind: 'wait' } {
  if (record.actingFor !== null || !matched.some(isRecordPage)) return { kind: 'allow' };
  if (record.isPatient === undefined) return { kind: 'wait' };
  return record.isPatient ? { kind: 'allow' } : { kind: 'redirect', to: '/' };
}

/** Decision 0023: whether the open record's grant lacks a scope one of the matched pages needs. */
export function grantBlocks(matched: readonly AppRoute[], may: (scope: CaregiverScope) => boolean): boolean {
  return matched.some((route) => route.caregiverScope !== undefined && !may(route.caregiverScope));
}
