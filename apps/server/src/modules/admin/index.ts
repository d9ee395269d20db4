/** The admin module's public entry: what the CLI and other modules may use. */
export { type AdminActor } from './admin-actor.ts';
export { actorOf, ADMIN_ONLY, SEALED } from './admin-route-config.ts';
export { createAdmin, createAdminInput } from './create-admin.ts';
export { escapeLike } from './users/user-queries.ts';
