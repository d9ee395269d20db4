import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { adminAuditRoutes } from './audit/routes.ts';
import { adminSettingsRoutes } from './settings/routes.ts';
import { adminUserRoutes } from './users/routes.ts';

/** Administration (spec §2 /users and /settings, issue 8): users, settings and the audit viewer. */
export async function adminRoutes(app: FastifyInstance, opts: { ctx: AppContext }) {
  await app.register(adminUserRoutes, opts);
  await app.register(adminSettingsRoutes, opts);
  await app.register(adminAuditRoutes, opts);
}
