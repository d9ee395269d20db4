import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { Codes, ERROR_CATALOGUE } from '@portal/protocol';

// A page answers HEAD as it answers GET: Node sends the headers and drops the body.
const READS = new Set(['GET', 'HEAD']);

/**
 * Serves the built SPA; any other GET (and HEAD, which load balancers and uptime checks send)
 * outside the API answers index.html so the client-side router owns paths like /welcome. API
 * paths never fall back.
 */
export async function webAppPlugin(app: FastifyInstance, { webDist }: { webDist: string }) {
  const built = existsSync(path.join(webDist, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes a .br and a .gz beside each text file (apps/web/build-plugins/precompress.ts):
      // the answer is the smallest the browser accepts, with no compression work per request. The
      // compressed copies are not URLs of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      // Hashed assets never change; index.html must always be revalidated.
      setHeaders: (reply, file) => {
        reply.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (built && READS.has(request.method) && !request.url.startsWith('/backend/'))
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    const message =
      built || request.url.startsWith('/backend/')
        ? ERROR_CATALOGUE[Codes.itemsNotFound].message
        : 'The web app is not built: run npm run build';
    return reply.status(404).send({ code: Codes.itemsNotFound, message });
  });
}
