import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { startPortalWithDatabaseLink, type PortalWithDatabaseLink } from './support/database-link.ts';
import { PATIENT } from './support/portal.ts';

/** The outage: the database unreachable for 10 s. */
const OUTAGE_MS = 10_000;

test.describe('database outage', () => {
  test.skip(!process.env.DATABASE_URL, 'PostgreSQL only: PGlite runs inside the server process');

  let portal: PortalWithDatabaseLink;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    portal = await startPortalWithDatabaseLink(process.env.DATABASE_URL!);
  });
  test.afterAll(async () => {
    await portal?.close();
  });

  test('while the database is down the network-issue screen shows; once it is back the app carries on', async ({
    page,
  }) => {
    await page.goto(`${portal.baseUrl}/auth/login`);
    await page.locator('input[name="email"]').fill(PATIENT.email);
    await page.locator('input[name="password"]').fill(PATIENT.password);
    await page.locator('input[name="keep-logged-in"]').check();
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/welcome$/);

    portal.cut();
    const cutAt = Date.now();
    await page.goto(`${portal.baseUrl}/welcome/documents`);
    await expect(page).toHaveURL(/\/auth\/network-issue\?from=%2Fwelcome%2Fdocuments$/);
    await expect(page.getByRole('heading', { level: 1, name: 'We cannot reach the portal' })).toBeVisible();
    await expectNoAxeViolations(page, 'network-issue screen during a database outage');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('Still no connection. Please wait a moment and try again.')).toBeVisible();

    // The whole outage, then the link returns; nothing is restarted.
    await page.waitForTimeout(Math.max(0, OUTAGE_MS - (Date.now() - cutAt)));
    portal.restore();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/\/welcome\/documents$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Documents & Forms' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Consent to home medical device therapy' })).toBeVisible();
  });
});
