import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, type TestPortal } from '../../testing/test-portal.ts';

/**
 * The built web app as the node serves it without a compressing front: the .br/.gz copies the
 * build writes (apps/web/build-plugins/precompress.ts) go to browsers that accept them.
 */
const INDEX = `<!doctype html><html><body><div id="root"></div>${'<!-- page -->'.repeat(60)}</body></html>`;
const SCRIPT = `export const text = ${JSON.stringify('portal '.repeat(200))};`;

let webDist: string;
let portal: TestPortal;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'portal-web-'));
  await mkdir(path.join(webDist, 'assets'));
  for (const [file, text] of [
    ['index.html', INDEX],
    ['assets/app.js', SCRIPT],
  ] as const) {
    await writeFile(path.join(webDist, file), text);
    await writeFile(path.join(webDist, `${file}.br`), brotliCompressSync(text));
    await writeFile(path.join(webDist, `${file}.gz`), gzipSync(text));
  }
  portal = await startTestPortal({ env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await portal?.close();
  await rm(webDist, { recursive: true, force: true });
});

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

// node:http, not fetch: fetch decodes the body and hides which encoding was sent.
function get(url: string, acceptEncoding?: string, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${portal.baseUrl}${url}`, {
      method,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });
    outgoing.on('response', (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () =>
        resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: Buffer.concat(chunks) }),
      );
      answer.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('web app compression', () => {
  it.each([
    ['a hashed asset', '/assets/app.js', SCRIPT, 'javascript'],
    ['the SPA fallback', '/auth/login', INDEX, 'text/html'],
  ])('sends %s as brotli, else gzip, else plain, and says it varies', async (_, url, text, type) => {
    const br = await get(url, 'gzip, deflate, br, zstd');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain(type);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(text);

    const gz = await get(url, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(text);

    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.toString()).toBe(text);
  });

  it('keeps the caching rules: assets immutable, the page revalidated', async () => {
    expect((await get('/assets/app.js', 'br')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get('/welcome', 'br')).headers['cache-control']).toBe('no-cache');
  });

  it('does not serve the compressed copies as files of their own', async () => {
    const answer = await get('/assets/app.js.br');
    expect(answer.headers['content-type']).toContain('text/html');
    expect(answer.body.toString()).toBe(INDEX);
  });
});

// Load balancers and uptime checks send HEAD: whatever answers GET answers HEAD alike, without a body.
describe('HEAD', () => {
  it.each([
    ['the home page', '/'],
    ['a page of the web app', '/auth/login'],
    ['a hashed asset', '/assets/app.js'],
    ['the health check', '/healthz'],
    ['the readiness check', '/readyz'],
    ['a public API read', '/backend/api/v1/public/config/'],
  ])('answers %s as GET does, without a body', async (_, url) => {
    const got = await get(url, 'br');
    const head = await get(url, 'br', 'HEAD');
    expect(got.status).toBe(200);
    expect(head.status).toBe(200);
    for (const header of ['content-type', 'content-length', 'content-encoding', 'cache-control']) {
      expect(head.headers[header], header).toEqual(got.headers[header]);
    }
    expect(head.body.length).toBe(0);
  });

  it('answers an unknown API path 404 as GET does', async () => {
    const head = await get('/backend/api/v1/no-such-route/', undefined, 'HEAD');
    expect(head.status).toBe(404);
    expect(head.body.length).toBe(0);
  });
});
