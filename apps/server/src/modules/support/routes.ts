import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { plainSuccess, publicConfig } from '@portal/protocol';
import { ok } from '../../lib/ok.ts';
import type { AppContext } from '../../context.ts';
import { logoRoute } from './logo-route.ts';
import { publicConfigOf } from './public-config.ts';

export async function supportRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  await app.register(logoRoute, { ctx });
  app.withTypeProvider<ZodTypeProvider>().get('/public/config/', {
    config: { public: true },
    schema: {
      tags: ['support'],
      summary: 'Clinic contact details for the support menu',
      response: { 200: plainSuccess(publicConfig) },
    },
    handler: async () => ok(await publicConfigOf(ctx)),
  });
}
