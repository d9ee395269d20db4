/** The admin module's public entry: what the CLI and other modules may use. */
export { createAdmin, createAdminInput } from './create-admin.ts';
