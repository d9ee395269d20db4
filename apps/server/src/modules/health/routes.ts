import type { FastifyInstance } from 'fastify';
import { Codes, ERROR_CATALOGUE } from '@portal/protocol';
import type { DatabaseHandle } from '../../db/database.ts';

/**
 * For load balancers and orchestrators: liveness says the process runs; readiness that the
 * database answers and carries every committed migration, so a node started before
 * `npm run migrate` finished takes no traffic. Failures use the protocol's error body.
 */
export async function healthRoutes(app: FastifyInstance, { database }: { database: DatabaseHandle }) {
  app.get('/healthz', { config: { public: true }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { public: true }, schema: { hide: true } }, async (_request, reply) => {
    const problem = await database.migrationsCurrent().then(
      (current) => (current ? undefined : { path: 'migrations', message: 'pending: run npm run migrate' }),
      () => ({ path: 'database', message: 'unreachable' }),
    );
    if (!problem) return { status: 'ready' };
    return reply.status(503).send({
      code: Codes.unavailable,
      message: ERROR_CATALOGUE[Codes.unavailable].message,
      errors: [problem],
    });
  });
}
