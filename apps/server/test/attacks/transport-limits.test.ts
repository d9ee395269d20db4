import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { ERROR_CATALOGUE } from '@portal/protocol';
import { startTestPortal, type TestPortal } from '../../testing/test-portal.ts';

/**
 * Refusals made before any route runs (by Node's HTTP parser or Fastify's router and
 * body reader) carry the portal's `{ code, message }` like every other error, and production
 * does not publish the API explorer unless API_DOCS turns it on.
 */

/** One request written byte for byte; the raw answer, read until the server closes or answers in full. */
function exchange(t: TestPortal, request: string | Buffer): Promise<{ status: number; body: unknown }> {
  const { hostname, port } = new URL(t.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const chunks: Buffer[] = [];
    const finish = () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      let body: unknown = rest.join('\r\n\r\n');
      try {
        body = JSON.parse(body as string);
      } catch {
        // Left as text: the assertion shows it.
      }
      resolve({ status, body });
    };
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const text = Buffer.concat(chunks).toString('utf8');
      const length = /content-length: (\d+)/i.exec(text)?.[1];
      const bodyAt = text.indexOf('\r\n\r\n');
      if (length && bodyAt >= 0 && Buffer.byteLength(text.slice(bodyAt + 4)) >= Number(length)) {
        socket.destroy();
        finish();
      }
    });
    // The server may close before reading all of an oversized request: that is no failure here.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return;
      reject(error);
    });
    socket.on('close', () => finish());
    socket.write(request);
  });
}

const catalogued = (code: keyof typeof ERROR_CATALOGUE) => ({
  status: ERROR_CATALOGUE[code].http,
  body: { code, message: ERROR_CATALOGUE[code].message },
});

describe('refusals before any route runs', () => {
  let t: TestPortal;
  beforeAll(async () => {
    t = await startTestPortal();
  });
  afterAll(() => t.close());

  const refusals: [string, () => string, keyof typeof ERROR_CATALOGUE][] = [
    [
      'headers over the 16 KB limit: 431',
      () => `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`,
      10431,
    ],
    [
      'a request line over the header limit: 431',
      () => `GET /backend/api/v1/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      10431,
    ],
    [
      'a path parameter over maxParamLength: 414',
      () => `GET /backend/api/v1/admin/patients/${'a'.repeat(500)}/bf_adl/ HTTP/1.1\r\nHost: x\r\n\r\n`,
      10414,
    ],
    [
      'a body over the 1 MB limit: 413',
      () => {
        const body = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1_100_000) });
        return `POST /backend/api/v1/token/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
      },
      10413,
    ],
    ['a request Node cannot parse: 400', () => 'GET / HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n', 10400],
  ];
  it.each(refusals)('answers %s with the portal body', async (_, request, code) => {
    expect(await exchange(t, request())).toEqual(catalogued(code));
  });

  it('answers an unknown non-GET address outside the API with 10404, not text', async () => {
    const answer = await fetch(`${t.baseUrl}/nowhere`, { method: 'POST' });
    expect(answer.status).toBe(404);
    const body = (await answer.json()) as { code: number; message: unknown };
    expect([body.code, typeof body.message]).toEqual([10404, 'string']);
  });
});

describe('the API explorer in production', () => {
  const production = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://portal.example',
    PORTAL_DEMO: '0',
  };
  let t: TestPortal;
  afterAll(() => t?.close());

  it('is off by default: the explorer and the OpenAPI JSON answer 10404', async () => {
    t = await startTestPortal({ env: production });
    for (const path of [
      '/backend/api/docs',
      '/backend/api/docs/',
      '/backend/api/docs/json',
      '/backend/api/docs/yaml',
    ]) {
      const answer = await fetch(`${t.baseUrl}${path}`);
      expect([path, answer.status, await answer.json()]).toEqual([
        path,
        404,
        { code: 10404, message: 'Items not found' },
      ]);
    }
    await t.close();
  });

  it('is served when API_DOCS=on', async () => {
    t = await startTestPortal({ env: { ...production, API_DOCS: 'on' } });
    const spec = await fetch(`${t.baseUrl}/backend/api/docs/json`);
    expect(spec.status).toBe(200);
    expect(((await spec.json()) as { openapi: string }).openapi).toMatch(/^3\./);
  });
});
