import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { ADMIN, PATIENT } from './support/portal.ts';
import { signIn } from './support/session.ts';

const LOCALES = ['gb', 'cn'] as const;

/** Every screen, opened and settled (its h1 rendered), then checked by axe. */
async function check(page: Page, path: string, label: string) {
  await page.goto(path);
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.locator('.page-loading')).toHaveCount(0);
  await expectNoAxeViolations(page, label);
}

for (const locale of LOCALES) {
  test.describe(`in locale ${locale}`, () => {
    test.beforeEach(async ({ context }) => {
      await context.addInitScript((value) => localStorage.setItem('portal.locale', value), locale);
    });

    test('auth screens have no WCAG 2.1 A/AA violations', async ({ page }) => {
      for (const path of [
        '/auth/login',
        '/auth/signup',
        '/auth/recover-password',
        '/auth/recover-password-email',
        '/auth/reset-password?token=example',
        '/auth/reset-password',
        '/auth/verify-email?token=forged',
        '/auth/network-issue',
        '/auth/terms-of-use',
        '/auth/privacy-notice',
      ]) {
        await check(page, path, `${path} (${locale})`);
      }
      // Error states are part of the screen too.
      await page.goto('/auth/signup');
      await page.locator('form button[type="submit"]').click();
      await expect(page.getByRole('alert')).toBeVisible();
      await expectNoAxeViolations(page, `signup with errors (${locale})`);
    });

    test('patient screens and open menus have no violations', async ({ page }) => {
      await signIn(page, PATIENT);
      await expect(page).toHaveURL(/\/welcome$/);
      for (const path of [
        '/welcome',
        '/welcome/intake-form',
        '/welcome/reference-documents',
        '/welcome/bf-adl',
        '/privacy-notice/',
        '/notice-of-privacy-practices/',
        '/terms-of-use/',
        '/accessibility-statement/',
      ]) {
        await check(page, path, `${path} (${locale})`);
      }
      await page.goto('/welcome');
      await expect(page.locator('h1')).toBeVisible();
      // The support menu and the account menu; waited for, since `.all()` is a snapshot that
      // may be taken before the account button is there (and `?.` would then skip its check).
      const menuButtons = page.locator('.navbar [aria-haspopup="menu"]');
      await expect(menuButtons).toHaveCount(2);
      await menuButtons.nth(0).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNoAxeViolations(page, `support menu open (${locale})`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toHaveCount(0);
      await menuButtons.nth(1).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNoAxeViolations(page, `profile menu open (${locale})`);
    });

    test('admin screens with the sidebar have no violations', async ({ page }) => {
      await signIn(page, ADMIN);
      await expect(page).toHaveURL(/\/users$/);
      for (const path of ['/users', '/settings', '/accessibility-statement/']) {
        await check(page, path, `${path} (${locale})`);
      }
      await page.setViewportSize({ width: 375, height: 667 });
      await page.locator('.navbar__toggle').click();
      await expect(page.locator('#sidebar')).toBeVisible();
      await expectNoAxeViolations(page, `mobile sidebar open (${locale})`);
    });
  });
}
