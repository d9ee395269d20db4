import { and, arrayContains, eq, ne, sql } from 'drizzle-orm';
import { Codes, isStaffPermission, ProtocolError, USER_CONFLICTS, USER_REFUSALS } from '@portal/protocol';
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
 * The rules that keep the portal administrable: nobody removes their own admin access, and the
 * last active administrator stays one. Every signed-in caller is an active admin, so the second
 * rule bites when a request is already past its checks as its own actor loses the role; the
 * caller holds ADMIN_CHANGES_LOCK, so two administrators demoting each other are serialised.
 */
export async function assertKeepsAdministrators(
  tx: Queryable,
  actorId: string,
  before: AccountState,
  after: AccountState,
): Promise<void> {
  const ownAdminAccess = before.id === actorId && (!isActiveAdmin(after) || !after.auths.includes('admin'));
  if (ownAdminAccess) throw new ProtocolError(Codes.conflict, USER_CONFLICTS.selfLockout);
  if (!isActiveAdmin(before) || isActiveAdmin(after)) return;
  const others = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(arrayContains(users.roles, ['admin']), eq(users.status, 'active'), ne(users.id, before.id)))
    .limit(1);
  if (others.length === 0) throw new ProtocolError(Codes.conflict, USER_CONFLICTS.lastAdmin);
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
