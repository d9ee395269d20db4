import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeBody, WORKLIST_PERMISSIONS, worklistQuery } from '@portal/protocol';
import type { AppContext } from '../../../context.ts';
import { staffActorOf } from '../staff-actor.ts';
import { readWorklist } from './read-worklist.ts';

/** Issue 18: what needs the clinic's attention, queue by queue, as the caller's permissions allow. */
export async function worklistRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/admin/worklist/', {
    config: { roles: ['admin'], permission: WORKLIST_PERMISSIONS },
    schema: {
      tags: ['clinic: worklist'],
      summary:
        'Counts of the queues the caller may see and one page of one queue (10403 for a queue outside their permissions); a page with clinical content is audited per patient (sealed: WorklistPage)',
      querystring: worklistQuery,
      response: { 200: envelopeBody },
    },
    handler: async (request) =>
      request.sealed(
        await readWorklist(ctx, { ...staffActorOf(request), auths: request.signedIn().auths }, request.query),
      ),
  });
}
