import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { adminDocumentRoutes } from './admin-routes.ts';
import { libraryRoutes } from './library-routes.ts';
import { patientDocumentRoutes } from './patient-routes.ts';

/** Documents and e-signing: patient and clinic routes; the expiry job is in src/jobs. */
export async function documentRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  await app.register(patientDocumentRoutes, { ctx });
  await app.register(adminDocumentRoutes, { ctx });
  await app.register(libraryRoutes, { ctx });
}
