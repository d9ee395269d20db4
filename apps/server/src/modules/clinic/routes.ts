import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { chartRoutes } from './chart/routes.ts';
import { exportRoutes } from './exports/routes.ts';
import { reviewRoutes } from './review/routes.ts';
import { worklistRoutes } from './worklist/routes.ts';

/** The staff workspace (architecture.md clinic/): the patient chart, intake review and the worklist. */
export async function clinicRoutes(app: FastifyInstance, opts: { ctx: AppContext }) {
  await app.register(chartRoutes, opts);
  await app.register(reviewRoutes, opts);
  await app.register(worklistRoutes, opts);
  await app.register(exportRoutes, opts);
}
