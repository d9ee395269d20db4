import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { adminAuditRoutes } from './audit/routes.ts';
import { adminUserRoutes } from './users/routes.ts';

/** Administration (spec §2 /users): users and the audit viewer; the settings module serves /settings. */
export async function adminRoutes(app: FastifyInstance, opts: { ctx: AppContext }) {
  await app.register(adminUserRoutes, opts);
  await app.register(adminAuditRoutes, opts);
}
