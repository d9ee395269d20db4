import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eventData, plainSuccess } from '@portal/protocol';
import { ok } from '../../lib/ok.ts';
import type { AppContext } from '../../context.ts';
import { takeNextEvent } from './event-service.ts';

export async function eventRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.withTypeProvider<ZodTypeProvider>().get('/patient/event/', {
    schema: {
      tags: ['events'],
      summary: 'The oldest pending event of the signed-in user, consumed by reading it',
      response: { 200: plainSuccess(eventData) },
    },
    handler: async (request) => ok({ name: await takeNextEvent(ctx.db, request.signedIn().id, ctx.now()) }),
  });
}
