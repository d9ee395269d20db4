import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import { Codes, ProtocolError } from '@portal/protocol';
import type { AppContext } from '../context.ts';
import { rateLimits } from '../db/schema/index.ts';

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];
/** What the plugin hands a store: merged limits plus the route (absent for the global store). */
type StoreOptions = { routeInfo?: { config?: { rateLimitGroup?: string } } };

/**
 * A fixed-window counter in the database, so every node counts the same requests
 * (architecture.md: no in-memory state). One upsert per request.
 */
function databaseStore(ctx: AppContext) {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly group: string;

    constructor(options: StoreOptions = {}) {
      this.group = options.routeInfo?.config?.rateLimitGroup ?? 'global';
    }

    incr(key: string, callback: IncrCallback, timeWindow: number) {
      const now = ctx.now();
      const windowStartedBefore = new Date(now.getTime() - timeWindow);
      ctx.db
        .insert(rateLimits)
        .values({ key: `${this.group}:${key}`, windowStart: now, count: 1 })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.windowStart} <= ${windowStartedBefore} then 1 else ${rateLimits.count} + 1 end`,
            windowStart: sql`case when ${rateLimits.windowStart} <= ${windowStartedBefore} then ${now} else ${rateLimits.windowStart} end`,
          },
        })
        .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart })
        .then(([row]) =>
          callback(null, {
            current: row!.count,
            ttl: row!.windowStart.getTime() + timeWindow - now.getTime(),
          }),
        )
        .catch((error: Error) => callback(error));
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      return new DatabaseRateLimitStore(routeOptions as StoreOptions);
    }
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes sharing a group share one counter per client (protocol.md §5). */
    rateLimitGroup?: string;
  }
}

/** Registered with `global: false`: routes opt in with `config.rateLimit`. */
export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: { ctx: AppContext }) => {
  await app.register(rateLimit, {
    global: false,
    store: databaseStore(opts.ctx),
    errorResponseBuilder: (_request, context) =>
      new ProtocolError(Codes.rateLimited, `Too many requests: retry in ${context.after}`),
  });
});
