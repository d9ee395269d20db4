import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { secretsFromValues, verifiedClaimsOrNone } from '@portal/server/testing';
import { apiPath } from './api-url.ts';

/**
 * The floor of the event poll: Fastify 5 with no plugins, one route that checks the access
 * token as the portal's auth hook does (its own `verifiedClaimsOrNone`, with the portal's
 * JWT_SECRET, so the portal's tokens verify; the token named for the request's uid) and answers
 * the empty poll. The portal's poll adds its session check from this node's cache (decision
 * 0008), its hooks, logging and metrics: what it costs beyond this is its distance to this req/s.
 */
const { JWT_SECRET, PORT } = process.env;
if (!JWT_SECRET) throw new Error("The poll floor needs the portal's JWT_SECRET");

const ctx = {
  secrets: secretsFromValues(randomBytes(32).toString('hex'), JWT_SECRET),
  now: () => new Date(),
};
const NOTHING_PENDING = JSON.stringify({ code: 0, data: { name: null } });

const app = Fastify();
app.get('/healthz', async () => ({ ok: true }));
app.get(apiPath('/patient/event/'), async (request, reply) => {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
  const claims = token === undefined ? undefined : verifiedClaimsOrNone(ctx, token);
  if (!claims || claims.uid !== request.headers.uid) return reply.code(401).send({ code: 10401 });
  return reply.type('application/json; charset=utf-8').send(NOTHING_PENDING);
});
await app.listen({ host: '127.0.0.1', port: Number(PORT) });
