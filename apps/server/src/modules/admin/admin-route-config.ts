import type { FastifyRequest } from 'fastify';
import type { AdminActor } from './admin-actor.ts';

/** Every admin route: administrators only (a patient token answers 10403). */
export const ADMIN_ONLY = { roles: ['admin' as const] };
/** Admin writes travel sealed (protocol.md §4): they name people or carry secrets. */
export const SEALED = { ...ADMIN_ONLY, encryptedBody: true };

export const actorOf = (request: FastifyRequest): AdminActor => ({
  adminId: request.signedIn().id,
  meta: request.meta(),
});
