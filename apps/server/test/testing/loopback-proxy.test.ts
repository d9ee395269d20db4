import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackProxy, type LoopbackProxy } from '../../testing/loopback-proxy.ts';

/** An upstream that answers with its name, the headers it saw and the body it received. */
async function echoServer(name: string): Promise<{ url: string; server: http.Server }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.setHeader('x-node', name);
      res.end(
        JSON.stringify({
          name,
          method: req.method,
          url: req.url,
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

interface Echo {
  name: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

let a: Awaited<ReturnType<typeof echoServer>>;
let b: Awaited<ReturnType<typeof echoServer>>;
let proxy: LoopbackProxy;

beforeAll(async () => {
  a = await echoServer('a');
  b = await echoServer('b');
  proxy = await startLoopbackProxy([a.url, b.url]);
});
afterAll(async () => {
  await proxy.close();
  a.server.close();
  b.server.close();
});

describe('loopback proxy', () => {
  it('alternates between upstreams and forwards method, path, query, body and headers', async () => {
    const body = 'x'.repeat(200_000);
    const seen: Echo[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await fetch(`${proxy.url}/some/path/?q=${i}`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'x-custom': 'kept', 'x-forwarded-for': '203.0.113.7' },
        body,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-node')).toMatch(/^[ab]$/);
      seen.push((await response.json()) as Echo);
    }
    expect(seen.map((s) => s.name)).toEqual(['a', 'b', 'a', 'b']);
    expect(proxy.counts).toEqual([2, 2]);
    for (const [i, echo] of seen.entries()) {
      expect(echo.method).toBe('POST');
      expect(echo.url).toBe(`/some/path/?q=${i}`);
      expect(echo.body).toBe(body);
      expect(echo.headers['x-custom']).toBe('kept');
      expect(echo.headers['x-forwarded-for']).toBe('203.0.113.7, 127.0.0.1');
    }
  });

  it('answers 502 when an upstream is down, and follows a new upstream list', async () => {
    const dead = await echoServer('dead');
    await new Promise<void>((resolve) => dead.server.close(() => resolve()));
    proxy.setUpstreams([dead.url]);
    expect((await fetch(`${proxy.url}/`)).status).toBe(502);
    proxy.setUpstreams([b.url]);
    const response = await fetch(`${proxy.url}/`);
    expect(((await response.json()) as Echo).name).toBe('b');
  });
});
