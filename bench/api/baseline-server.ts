import Fastify from 'fastify';

// The yardstick: Fastify 5 with no plugins, hooks or logger, on the same machine and Node as the
// portal, so a scenario's share of its req/s shows what the portal's own work costs.
const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
