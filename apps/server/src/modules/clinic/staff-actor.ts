import type { FastifyRequest } from 'fastify';
import type { RequestMeta } from '../../context.ts';

/** The signed-in staff member behind a call, for audit rows and reviews. */
export interface StaffActor {
  adminId: string;
  meta: RequestMeta;
}

export const staffActorOf = (request: FastifyRequest): StaffActor => ({
  adminId: request.signedIn().id,
  meta: request.meta(),
});
