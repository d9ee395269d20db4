import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackProxy {
  /** http://127.0.0.1:<port> of the proxy. */
  url: string;
  port: number;
  /** Requests forwarded to each upstream, in the order given (which node served what). */
  counts: number[];
  /** Replace the upstream list (a node restarted on another port). */
  setUpstreams(upstreams: string[]): void;
  close(): Promise<void>;
}

// Hop-by-hop headers (RFC 9110 §7.6.1) belong to one connection and must not be forwarded.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function forwardable(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  }
  return out;
}

/**
 * A round-robin HTTP reverse proxy on 127.0.0.1, standing in for the load balancer in
 * front of several portal nodes. Bodies are streamed both ways; the client address is
 * appended to X-Forwarded-For as a real proxy does. An unreachable upstream answers 502.
 */
export async function startLoopbackProxy(
  initial: string[],
  options: { port?: number } = {},
): Promise<LoopbackProxy> {
  let upstreams = initial.map((u) => new URL(u));
  let next = 0;
  const counts = upstreams.map(() => 0);
  const agent = new http.Agent({ keepAlive: true });

  const server = http.createServer((req, res) => {
    const index = next++ % upstreams.length;
    const target = upstreams[index]!;
    counts[index] = (counts[index] ?? 0) + 1;
    const headers = forwardable(req.headers);
    const client = req.socket.remoteAddress ?? '';
    const prior = req.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = prior ? `${String(prior)}, ${client}` : client;
    headers['x-forwarded-proto'] ??= 'http';
    headers['x-forwarded-host'] ??= req.headers.host ?? '';
    headers.host = target.host;

    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers,
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, forwardable(answer.headers));
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      },
    );
    upstream.on('error', () => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.writeHead(502, { 'content-type': 'text/plain' }).end('bad gateway');
    });
    req.on('aborted', () => upstream.destroy());
    req.pipe(upstream);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    counts,
    setUpstreams(list) {
      upstreams = list.map((u) => new URL(u));
      while (counts.length < upstreams.length) counts.push(0);
    },
    async close() {
      server.closeAllConnections();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
