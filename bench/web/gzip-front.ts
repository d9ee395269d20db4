import { once } from 'node:events';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';

// What Caddy's `encode gzip` (deploy/Caddyfile) compresses: text answers of 512 bytes or more.
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/;
const MIN_LENGTH = 512;

export interface GzipFront {
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * A loopback reverse proxy that gzips answers the way the production front (Caddy with
 * `encode gzip`) does, so a page is also measured as a browser receives it in production.
 * The portal itself does not compress: that is the front's job.
 */
export async function startGzipFront(target: string): Promise<GzipFront> {
  const upstream = new URL(target);
  const server: Server = createServer((incoming, outgoing) => {
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        const headers: IncomingHttpHeaders = { ...answer.headers };
        if (shouldCompress(incoming.headers, headers)) {
          delete headers['content-length'];
          headers['content-encoding'] = 'gzip';
          headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
          outgoing.writeHead(answer.statusCode ?? 502, headers);
          void pipeline(answer, createGzip(), outgoing).catch(() => outgoing.destroy());
        } else {
          outgoing.writeHead(answer.statusCode ?? 502, headers);
          void pipeline(answer, outgoing).catch(() => outgoing.destroy());
        }
      },
    );
    forward.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    void pipeline(incoming, forward).catch(() => forward.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function shouldCompress(request: IncomingHttpHeaders, answer: IncomingHttpHeaders): boolean {
  const length = Number(answer['content-length'] ?? Infinity);
  return (
    /\bgzip\b/.test(request['accept-encoding'] ?? '') &&
    answer['content-encoding'] === undefined &&
    COMPRESSIBLE.test(answer['content-type'] ?? '') &&
    length >= MIN_LENGTH
  );
}
