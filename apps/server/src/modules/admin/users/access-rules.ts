import { and, arrayContains, eq, ne, sql } from 'drizzle-orm';
import {
  Codes,
  isStaffPermission,
  MUST_KEEP_A_HOLDER,
  ProtocolError,
  USER_CONFLICTS,
  USER_REFUSALS,
} from '@portal/protocol';
import type { Queryable } from '../../../db/database.ts';
import { users } from '../../../db/schema/index.ts';

/** The columns that decide what an account may do. */
export interface AccountState {
  id: string;
  roles: string[];
  auths: string[];
  status: string;
}

const isActiveAdmin = (u: AccountState) => u.status === 'active' && u.roles.includes('admin');
const lost = (before: readonly string[], after: readonly string[]) => before.some((x) => !after.includes(x));

/** A change takes something away: the user's sessions end with it, and they sign in again. */
export function removesAccess(before: AccountState, after: AccountState): boolean {
  return (
    (before.status === 'active' && after.status !== 'active') ||
    lost(before.roles, after.roles) ||
    lost(before.auths, after.auths)
  );
}

/**
 * One transaction-scoped advisory lock (any fixed 64-bit number) for every change to an
 * account, on every node: changes by administrators are rare, and checking "another active
 * admin remains" needs them one at a time (two row locks taken in opposite order would deadlock).
 */
const ADMIN_CHANGES_LOCK = 4_120_553_817;
export async function lockAccountChanges(tx: Queryable): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_CHANGES_LOCK})`);
}

/**
 * What must always have a holder, as data: the administrator role, and each permission without
 * which no one could manage staff, settings or the audit log again. A holder is an active
 * account with the admin role (the auth plugin lets nobody else use a permission).
 */
const KEPT_ACCESS = [
  { access: 'admin', conflict: USER_CONFLICTS.lastAdmin },
  ...MUST_KEEP_A_HOLDER.map((permission) => ({ access: permission, conflict: USER_CONFLICTS.lastHolder })),
] as const;

const holds = (u: AccountState, access: string) =>
  isActiveAdmin(u) && (access === 'admin' || u.auths.includes(access));

/**
 * No account changes its own roles or permissions (10403): someone else holding them does, so
 * one's access never depends on one's own word (a front desk adding the patient role to itself,
 * an administrator narrowing itself past what the portal needs).
 */
export function assertNotOwnAccess(actorId: string, before: AccountState, after: AccountState): void {
  const same = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && a.every((x) => b.includes(x));
  if (before.id === actorId && !(same(before.roles, after.roles) && same(before.auths, after.auths))) {
    throw new ProtocolError(Codes.forbidden, USER_REFUSALS.ownAccess);
  }
}

/**
 * The rules that keep the portal administrable: nobody locks, deactivates or demotes
 * themself, and the last active holder of the admin role and of each MUST_KEEP_A_HOLDER
 * permission keeps it (10409). Every signed-in caller is an active admin, and one may only
 * act on staff whose permissions one holds, so the second rule bites when a request is already
 * past its checks as its own actor loses the access; the caller holds ADMIN_CHANGES_LOCK, so two
 * administrators taking a permission from each other are serialised.
 */
export async function assertKeepsAdministrators(
  tx: Queryable,
  actorId: string,
  before: AccountState,
  after: AccountState,
): Promise<void> {
  const ownAdminAccess = before.id === actorId && (!isActiveAdmin(after) || !after.auths.includes('admin'));
  if (ownAdminAccess) throw new ProtocolError(Codes.conflict, USER_CONFLICTS.selfLockout);
  for (const { access, conflict } of KEPT_ACCESS) {
    if (!holds(before, access) || holds(after, access)) continue;
    const others = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          arrayContains(users.roles, ['admin']),
          eq(users.status, 'active'),
          ne(users.id, before.id),
          access === 'admin' ? undefined : arrayContains(users.auths, [access]),
        ),
      )
      .limit(1);
    if (others.length === 0) throw new ProtocolError(Codes.conflict, conflict);
  }
}

/** The 10403 message when staff would grant, or act on someone holding, more than they hold. */
export const BEYOND_OWN_PERMISSIONS = USER_REFUSALS.beyondOwnPermissions;

/**
 * No administrator widens access past their own: the permissions an account holds before and
 * after a change, or an invitation grants, must all be the actor's too. Otherwise a front desk
 * with `manage_users` could invite a clinic administrator, or reset the MFA of one.
 */
export function assertWithinOwnPermissions(actorAuths: readonly string[], ...granted: string[][]): void {
  const beyond = granted.flat().some((auth) => isStaffPermission(auth) && !actorAuths.includes(auth));
  if (beyond) throw new ProtocolError(Codes.forbidden, BEYOND_OWN_PERMISSIONS);
}
