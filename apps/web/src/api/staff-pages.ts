import type { StaffPermission } from '@portal/protocol';
import type { Session } from './session.ts';

/** A staff permission, or a list of which any one will do (as the server's routes declare them). */
export type PagePermission = StaffPermission | readonly StaffPermission[];

/**
 * What each staff page needs (decision 0012-staff-permissions), for the route table, the
 * sidebar and where an administrator lands. The server checks the same on every call.
 */
export const STAFF_PAGES = {
  users: { path: '/users', permission: ['manage_users', 'read_chart'] },
  messages: { path: '/messages', permission: 'answer_messages' },
  documentLibrary: { path: '/document-library', permission: 'manage_documents' },
  equipmentCatalogue: { path: '/equipment-catalogue', permission: 'manage_orders' },
  settings: { path: '/settings', permission: 'manage_settings' },
  apiClients: { path: '/api-clients', permission: 'manage_settings' },
  webhooks: { path: '/webhooks', permission: 'manage_settings' },
  audit: { path: '/audit', permission: 'read_audit' },
} as const satisfies Record<string, { path: string; permission: PagePermission }>;

/** Whether the signed-in user's auths hold the permission (any one of a list). */
export function holdsPermission(session: Session | null, permission: PagePermission): boolean {
  const auths = session?.user.auths ?? [];
  const anyOf: readonly StaffPermission[] = typeof permission === 'string' ? [permission] : permission;
  return anyOf.some((p) => auths.includes(p));
}

/** The first staff page, in sidebar order, this administrator may open. */
export function firstStaffPage(session: Session): string | undefined {
  return Object.values(STAFF_PAGES).find((page) => holdsPermission(session, page.permission))?.path;
}
