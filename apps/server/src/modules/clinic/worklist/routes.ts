import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelopeBody,
  WORKLIST_PERMISSIONS,
  worklistAssigneesQuery,
  worklistAssignRequest,
  worklistQuery,
} from '@portal/protocol';
import type { AppContext } from '../../../context.ts';
import { ADMIN_ONLY } from '../../../plugins/route-access.ts';
import { assignWorklistItem, listWorklistAssignees } from './assign-worklist-item.ts';
import { readWorklist } from './read-worklist.ts';

/** What needs the clinic's attention, queue by queue, as the caller's permissions allow. */
export async function worklistRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { ...ADMIN_ONLY, permission: WORKLIST_PERMISSIONS };

  r.get('/admin/worklist/', {
    config,
    schema: {
      tags: ['clinic: worklist'],
      summary:
        'Counts of the queues the caller may see and one page of one queue, searched, sorted by waiting time or kept to the caller’s items (10403 for a queue outside their permissions); a page with clinical content is audited per patient (sealed: WorklistPage)',
      querystring: worklistQuery,
      response: { 200: envelopeBody },
    },
    handler: async (request) => request.sealed(await readWorklist(ctx, request.actor(), request.query)),
  });

  r.post('/admin/worklist/assign/', {
    config: { ...config, encryptedBody: true },
    schema: {
      tags: ['clinic: worklist'],
      summary:
        'Gives an item of a queue the caller sees to a staff member who may work that queue, or to nobody; audited (sealed: WorklistAssignResult)',
      body: worklistAssignRequest,
      response: { 200: envelopeBody },
    },
    handler: async (request) => request.sealed(await assignWorklistItem(ctx, request.actor(), request.body)),
  });

  r.get('/admin/worklist/assignees/', {
    config,
    schema: {
      tags: ['clinic: worklist'],
      summary:
        'The active staff whose permissions open a queue the caller sees (10403 for another queue; sealed: WorklistAssignees)',
      querystring: worklistAssigneesQuery,
      response: { 200: envelopeBody },
    },
    handler: async (request) =>
      request.sealed(await listWorklistAssignees(ctx, request.signedIn().auths, request.query.queue)),
  });
}
