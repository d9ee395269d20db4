import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { adminDocumentRoutes } from './admin-routes.ts';
import { runDocumentJobs } from './expiry-job.ts';
import { libraryRoutes } from './library-routes.ts';
import { patientDocumentRoutes } from './patient-routes.ts';

const JOB_INTERVAL_MS = 60_000;

/** Documents and e-signing (issue 7): patient and clinic routes, and the expiry/reminder job. */
export async function documentRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  await app.register(patientDocumentRoutes, { ctx });
  await app.register(adminDocumentRoutes, { ctx });
  await app.register(libraryRoutes, { ctx });
  // Every node runs the job; its statements are safe to run concurrently (expiry-job.ts).
  const timer = setInterval(() => void runDocumentJobs(ctx), JOB_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
