import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, type TestPortal } from '../../testing/test-portal.ts';

/**
 * OWASP secure headers on every kind of answer: the web app's HTML (direct and as the SPA
 * fallback) and its static assets get the page set; API success, error and unknown path get
 * OWASP's REST set (decision 0026). A stand-in build keeps the test independent of `npm run build`.
 */
let webDist: string;
let dev: TestPortal;
let prod: TestPortal;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'portal-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
  );
  await writeFile(path.join(webDist, 'assets', 'app.js'), 'export {};');
  dev = await startTestPortal({ env: { WEB_DIST: webDist } });
  prod = await startTestPortal({
    env: {
      WEB_DIST: webDist,
      NODE_ENV: 'production',
      PORTAL_DEMO: '0',
      PUBLIC_URL: 'https://portal.example',
    },
  });
});
afterAll(async () => {
  await dev?.close();
  await prod?.close();
  await rm(webDist, { recursive: true, force: true });
});

const ANSWERS = {
  'API success': '/backend/api/v1/public/config/',
  'API error': '/backend/api/v1/patient/profile/',
  'API unknown path': '/backend/api/v1/no/such/thing/',
  'web app HTML': '/',
  'SPA fallback HTML': '/welcome',
  'static asset': '/assets/app.js',
};

function directives(csp: string): Map<string, string> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(/\s+/)[0]!, d.slice(d.indexOf(' ') + 1)] as [string, string]),
  );
}

const API_ANSWERS = Object.entries(ANSWERS).filter(([, url]) => url.startsWith('/backend/'));
const PAGE_ANSWERS = Object.entries(ANSWERS).filter(([, url]) => !url.startsWith('/backend/'));

/** What every answer carries, page or API (decision 0026). */
function expectCommonHeaders(h: Headers): void {
  expect(directives(h.get('content-security-policy') ?? '').get('frame-ancestors')).toBe("'none'");
  expect(h.get('content-security-policy')).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  expect(h.get('x-content-type-options')).toBe('nosniff');
  expect(h.get('x-frame-options')).toBe('DENY');
  expect(h.get('cross-origin-resource-policy')).toBe('same-origin');
  expect(h.get('x-powered-by')).toBeNull();
  expect(h.get('server')).toBeNull();
  // No CORS: another origin's page cannot read any answer.
  expect(h.get('access-control-allow-origin')).toBeNull();
  expect(h.get('strict-transport-security')).toBeNull();
}

describe('security headers', () => {
  it.each(PAGE_ANSWERS)(
    '%s: CSP without inline script or framing, nosniff, no referrer, no X-Powered-By',
    async (_, url) => {
      const response = await fetch(`${dev.baseUrl}${url}`, { headers: { origin: 'https://evil.example' } });
      const h = response.headers;
      expectCommonHeaders(h);
      const csp = directives(h.get('content-security-policy') ?? '');
      expect(csp.get('default-src')).toBe("'self'");
      expect(csp.get('script-src')).toBe("'self'");
      expect(csp.get('object-src')).toBe("'none'");
      expect(csp.get('base-uri')).toBe("'self'");
      expect(csp.get('form-action')).toBe("'self'");
      expect(h.get('referrer-policy')).toBe('no-referrer');
      expect(h.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(h.get('cache-control')).not.toBe('no-store');
    },
  );

  it.each(API_ANSWERS)(
    '%s: nothing may load or frame it, nosniff, never stored, and no page-only headers',
    async (_, url) => {
      const response = await fetch(`${dev.baseUrl}${url}`, { headers: { origin: 'https://evil.example' } });
      const h = response.headers;
      expectCommonHeaders(h);
      expect(h.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
      expect(h.get('cache-control')).toBe('no-store');
      for (const pageOnly of [
        'referrer-policy',
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-permitted-cross-domain-policies',
        'x-xss-protection',
      ]) {
        expect(h.get(pageOnly), pageOnly).toBeNull();
      }
    },
  );

  it.each(Object.entries(ANSWERS))('%s in production: HSTS for a year with subdomains', async (_, url) => {
    const response = await fetch(`${prod.baseUrl}${url}`);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it.each(PAGE_ANSWERS)('%s in production: insecure requests upgraded', async (_, url) => {
    const response = await fetch(`${prod.baseUrl}${url}`);
    expect(
      directives(response.headers.get('content-security-policy')!).has('upgrade-insecure-requests'),
    ).toBe(true);
  });

  it('keeps inline script and style out of the web app shell, so the strict CSP does not break it', async () => {
    const html = await readFile(path.join(import.meta.dirname, '../../../web/index.html'), 'utf8');
    for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toMatch(/\bsrc=/);
    expect(html).not.toMatch(/<style\b|\sstyle=|\son[a-z]+=/i);
  });
});
