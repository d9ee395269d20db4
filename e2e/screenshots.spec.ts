import { expect, test } from '@playwright/test';
import { ADMIN, PATIENT } from './support/portal.ts';
import { signIn } from './support/session.ts';
import { shot } from './support/screenshot.ts';

/** docs/screenshots/: what a person sees, kept with the code that draws it. */

const AUTH_VIEWPORTS = [
  { label: 'desktop-1280x800', width: 1280, height: 800 },
  { label: 'tablet-800x600', width: 800, height: 600 },
  { label: 'mobile-375x667', width: 375, height: 667 },
];

for (const locale of ['gb', 'cn'] as const) {
  test.describe(`screenshots ${locale}`, () => {
    test.beforeEach(async ({ context }) => {
      await context.addInitScript((value) => localStorage.setItem('portal.locale', value), locale);
    });

    test('auth layout at three viewports (spec §2)', async ({ page }) => {
      for (const viewport of AUTH_VIEWPORTS) {
        await page.setViewportSize(viewport);
        await page.goto('/auth/login');
        await expect(page.locator('h1')).toBeVisible();
        const illustration = page.locator('.device-illustration');
        // ≥1024×640 shows the device beside the form; smaller screens do not.
        if (viewport.width >= 1024) await expect(illustration).toBeVisible();
        else await expect(illustration).toBeHidden();
        await shot(page, `auth-login-${viewport.label}-${locale}`);
      }
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/auth/signup');
      await page.locator('input[name="password"]').fill('Lantern-river-quiet-2025');
      await expect(page.locator('.strength[data-score]')).toBeVisible();
      await shot(page, `auth-signup-desktop-${locale}`, { fullPage: true });
    });

    test('patient: welcome page and the menus', async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await signIn(page, PATIENT);
      await expect(page).toHaveURL(/\/welcome$/);
      await expect(page.locator('h1')).toBeVisible();
      await shot(page, `welcome-desktop-${locale}`);
      await page.locator('.navbar [aria-haspopup="menu"]').first().click();
      await expect(page.getByRole('menu')).toBeVisible();
      await shot(page, `signed-in-support-menu-${locale}`);
      await page.keyboard.press('Escape');
      await page.locator('.navbar [aria-haspopup="menu"]').last().click();
      await expect(page.getByRole('menu')).toBeVisible();
      await shot(page, `signed-in-profile-menu-${locale}`);
      await page.keyboard.press('Escape');
      await page.goto('/notice-of-privacy-practices/');
      await expect(page.locator('h1')).toBeVisible();
      await shot(page, `legal-privacy-practices-${locale}`);
      await page.setViewportSize({ width: 375, height: 667 });
      await page.goto('/welcome');
      await expect(page.locator('h1')).toBeVisible();
      await shot(page, `welcome-mobile-${locale}`, { fullPage: true });
    });

    test('admin: layout with the sidebar on desktop and at 375 px', async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await signIn(page, ADMIN);
      await expect(page).toHaveURL(/\/users$/);
      await expect(page.locator('#sidebar')).toBeVisible();
      await shot(page, `admin-sidebar-desktop-${locale}`);
      await page.setViewportSize({ width: 375, height: 667 });
      await expect(page.locator('#sidebar')).toBeHidden();
      await shot(page, `admin-mobile-collapsed-${locale}`);
      await page.locator('.navbar__toggle').click();
      await expect(page.locator('#sidebar')).toBeVisible();
      await shot(page, `admin-sidebar-mobile-${locale}`);
    });
  });
}
