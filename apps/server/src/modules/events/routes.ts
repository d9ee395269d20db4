import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eventData, plainSuccess } from '@portal/protocol';
import { ok } from '../../lib/ok.ts';
import type { AppContext } from '../../context.ts';
import { takeNextEvent } from './event-service.ts';

export async function eventRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.withTypeProvider<ZodTypeProvider>().get('/patient/event/', {
    // Every open web app polls every 10 s on its own; that keeps no idle session alive.
    config: { passive: true },
    schema: {
      tags: ['events'],
      summary: 'The oldest pending event of the signed-in user, consumed by reading it',
      response: { 200: plainSuccess(eventData) },
    },
    handler: async (request) => {
      const user = request.signedIn();
      // The auth statement (or this node's cache of it, decision 0008) already looked: the
      // common empty poll writes nothing.
      if (!user.pendingEvent) return ok({ name: null });
      const generation = ctx.liveness.generation;
      const name = await takeNextEvent(ctx.db, user.id, ctx.now());
      if (name === null) ctx.liveness.noEventPending(generation, user.id);
      return ok({ name });
    },
  });
}
