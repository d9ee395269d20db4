import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { PortalClient } from '@portal/protocol/testing';
import { signedInClient } from './clinic-fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { ADMIN } from './support/portal.ts';
import { shot } from './support/screenshot.ts';
import { signIn } from './support/session.ts';
import { settled } from './support/settled.ts';

/**
 * docs/screenshots/integration-*: the two staff pages an integration starts from, the API clients
 * (decision 0037) and the webhooks with their delivery log (decision 0038), in both locales on a
 * phone and a desktop, each checked by axe and for sideways scrolling.
 */

const VIEWPORTS = {
  phone: { width: 375, height: 667 },
  desktop: { width: 1280, height: 800 },
} as const;
const PAGES = { 'api-clients': '/api-clients', webhooks: '/webhooks' } as const;
const HEADINGS = {
  gb: { 'api-clients': 'API clients', webhooks: 'Webhooks' },
  cn: { 'api-clients': 'API 客户端', webhooks: 'Webhooks' },
} as const;

/** A public ES384 key set, as an EHR's integration engineer registers it. */
function publicJwks(): string {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'secp384r1' });
  return JSON.stringify({
    keys: [{ ...publicKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'ES384' }],
  });
}

test.beforeAll(async () => {
  const admin: PortalClient = await signedInClient(ADMIN);
  await admin.post(
    '/admin/fhir-clients/',
    { name: 'Riverside EHR', jwks: publicJwks(), scopes: ['system/*.rs'] },
    { encrypt: true },
  );
  const { endpoint } = await admin.post<{ endpoint: { id: string } }>(
    '/admin/webhooks/',
    { url: 'http://127.0.0.1:9/hooks', description: 'Integration engine', events: ['document.signed'] },
    { encrypt: true },
  );
  await admin.post('/admin/webhooks/test/', { id: endpoint.id }, { encrypt: true });
});

for (const locale of ['gb', 'cn'] as const) {
  for (const device of ['phone', 'desktop'] as const) {
    test(`integration pages (${locale}, ${device})`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: VIEWPORTS[device] });
      await context.addInitScript((value) => localStorage.setItem('portal.locale', value), locale);
      const page = await context.newPage();
      await signIn(page, ADMIN);
      await expect(page).toHaveURL(/\/(users|worklist)/);
      for (const [name, path] of Object.entries(PAGES) as [keyof typeof PAGES, string][]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: HEADINGS[locale][name] })).toBeVisible();
        await settled(page);
        const shotName = `integration-${name}-${device}-${locale}`;
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth),
          `${shotName} scrolls sideways`,
        ).toBeLessThanOrEqual(VIEWPORTS[device].width);
        await expectNoAxeViolations(page, shotName);
        await shot(page, shotName, { fullPage: true });
      }
      await context.close();
    });
  }
}
