import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eventData, plainSuccess } from '@portal/protocol';
import { ok } from '../../lib/ok.ts';
import type { AppContext } from '../../context.ts';
import { takeNextEvent } from './event-queries.ts';

/**
 * The answer of the common empty poll, serialised once: the same bytes the response schema's
 * serialiser writes for `ok({ name: null })`, without validating a constant on every poll.
 */
const nothingPending = ok({ name: null });
const NOTHING_PENDING = JSON.stringify(nothingPending);

export async function eventRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.withTypeProvider<ZodTypeProvider>().get('/patient/event/', {
    // Every open web app polls every 10 s on its own; that keeps no idle session alive.
    config: { passive: true, cachedAuth: true },
    schema: {
      tags: ['events'],
      summary: 'The oldest pending event of the signed-in user, consumed by reading it',
      response: { 200: plainSuccess(eventData) },
    },
    handler: async (request, reply) => {
      const user = request.signedIn();
      // The auth statement (or this node's cache of it, decision 0008) already looked: the
      // common empty poll writes nothing.
      if (!user.pendingEvent) {
        // Fastify sends a string with a JSON content type as it is, past the serialiser.
        return reply
          .type('application/json; charset=utf-8')
          .send(NOTHING_PENDING as unknown as typeof nothingPending);
      }
      const generation = ctx.liveness.generation;
      const name = await takeNextEvent(ctx.db, user.id, ctx.now());
      if (name === null) ctx.liveness.noEventPending(generation, user.id);
      return ok({ name });
    },
  });
}
