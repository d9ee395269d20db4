import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Codes, ERROR_CATALOGUE } from '@portal/protocol';
import type { DatabaseHandle } from '../db/database.ts';
import { httpDuration, registry, watchPool } from '../lib/metrics.ts';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Request counts and latency by route pattern, and GET /metrics for Prometheus behind a
 * bearer token (METRICS_TOKEN). Without a token configured the endpoint does not exist, so
 * nothing about the service is exposed by default.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, { token, database }: { token?: string; database: DatabaseHandle }) => {
    const unwatch = watchPool(() => database.poolStats());
    app.addHook('onClose', async () => {
      unwatch();
    });

    // A callback hook: it runs after every answer and has nothing to wait for.
    app.addHook('onResponse', (request, reply, done) => {
      // The pattern (`/backend/api/v1/admin/users/:id/`), never the path with its ids.
      const route = request.routeOptions.url ?? 'unmatched';
      if (route !== '/metrics') {
        httpDuration.observe(
          { method: request.method, route, status: String(reply.statusCode) },
          reply.elapsedTime / 1000,
        );
      }
      done();
    });

    app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
      const deny = (code: typeof Codes.itemsNotFound | typeof Codes.forbidden) =>
        reply.status(ERROR_CATALOGUE[code].http).send({ code, message: ERROR_CATALOGUE[code].message });
      if (!token) return deny(Codes.itemsNotFound);
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      // Compare digests: equal length, constant time, no hint of the token's length.
      if (!timingSafeEqual(digest(given), digest(token))) return deny(Codes.forbidden);
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  },
  { name: 'metrics' },
);
