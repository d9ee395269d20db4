/**
 * Every admin route: administrators only (a patient token answers 10403). Each route adds the
 * staff permission it needs, `{ ...ADMIN_ONLY, permission: 'read_audit' }`: the access matrix
 * fails for an admin route without one.
 */
export const ADMIN_ONLY = { roles: ['admin' as const] };
/** Admin writes travel sealed (protocol.md §4): they name people or carry secrets. */
export const SEALED = { ...ADMIN_ONLY, encryptedBody: true };
