import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { type AdminUser, type UserPage } from '@portal/protocol';
import { PortalClient } from '@portal/protocol/testing';
import { createVerifiedPatient } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { ADMIN, BASE_URL, PATIENT } from './support/portal.ts';
import { signIn } from './support/session.ts';
import { settledScreen } from './support/settled.ts';

/**
 * Every administration screen, open and settled, checked by axe in both locales and
 * photographed on a desktop and a 375 px phone (docs/screenshots/admin-*). Besides a few
 * accounts of its own (so the table shows each status), nothing here changes data: dialogs
 * are opened and cancelled.
 */
const SHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 667 };

/** An invited patient, an invited administrator, a locked and a deactivated account. */
test.beforeAll(async () => {
  const admin = new PortalClient({ baseUrl: BASE_URL });
  await admin.handshake();
  await admin.login(ADMIN.email, ADMIN.password);
  const stamp = Date.now();
  const invite = (first_name: string, last_name: string, role: 'user' | 'admin') =>
    admin.post<AdminUser>(
      '/admin/users/invite/',
      {
        email: `${first_name}.${last_name}.${stamp}@example.com`.toLowerCase(),
        first_name,
        last_name,
        role,
        locale: 'gb',
      },
      { encrypt: true },
    );
  const act = (id: string, action: string) =>
    admin.post('/admin/users/action/', { id, action }, { encrypt: true });
  await invite('Mei', 'Chen', 'user');
  await invite('Jonas', 'Berg', 'admin');
  await act((await invite('Amara', 'Okafor', 'user')).id, 'deactivate');
  const locked = await createVerifiedPatient('screens-locked');
  const found = await admin.get<UserPage>('/admin/users/', { q: locked.email });
  await act(found.items[0]!.id, 'lock');
});

async function check(page: Page, name: string, options: { fullPage?: boolean; shoot?: boolean } = {}) {
  await settledScreen(page);
  await expectNoAxeViolations(page, name);
  if (options.shoot !== false) {
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: options.fullPage ?? false });
  }
}

/** The demo patient's detail page, reached as an administrator would: search, then the name. */
async function openPatientDetail(page: Page) {
  await page.goto(`/users?q=${encodeURIComponent(PATIENT.email)}`);
  await page.getByRole('row').filter({ hasText: PATIENT.email }).getByRole('link').click();
  await expect(page).toHaveURL(/\/users\/[0-9a-f-]{36}$/);
}

for (const locale of ['gb', 'cn'] as const) {
  test.describe(`administration screens in ${locale}`, () => {
    test.beforeEach(async ({ context }) => {
      await context.addInitScript((value) => localStorage.setItem('portal.locale', value), locale);
    });

    test('users, user detail, settings and audit log: axe clean, desktop and phone', async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(DESKTOP);
      await signIn(page, ADMIN);
      await expect(page).toHaveURL(/\/users$/);
      // Staff start on "Needs attention"; the list is the page's other view.
      await page.goto('/users?view=all');
      await expect(page.getByRole('table').locator('tbody tr').first()).toBeVisible();
      await check(page, `admin-users-desktop-${locale}`);
      await openPatientDetail(page);
      await check(page, `admin-user-detail-desktop-${locale}`, { fullPage: true });
      await page.goto('/settings');
      await check(page, `admin-settings-desktop-${locale}`, { fullPage: true });
      // The certificate upload with its field errors showing (nothing is sent: the fields are empty).
      await page.locator('input[name="certificate_format"][value="pem"]').check();
      await page.locator('.certificate-form button[type="submit"]').click();
      await expect(page.locator('.certificate-form [aria-invalid="true"]').first()).toBeFocused();
      await check(page, `admin-settings-certificate-errors-${locale}`, { shoot: false });
      await page.goto('/audit');
      await expect(page.getByRole('table').locator('tbody tr').first()).toBeVisible();
      await check(page, `admin-audit-desktop-${locale}`);

      await page.setViewportSize(PHONE);
      await page.goto('/users?view=all');
      await expect(page.getByRole('table').locator('tbody tr').first()).toBeVisible();
      await check(page, `admin-users-mobile-${locale}`);
      await openPatientDetail(page);
      await check(page, `admin-user-detail-mobile-${locale}`, { fullPage: true });
      await page.goto('/settings');
      await check(page, `admin-settings-mobile-${locale}`);
      await page.goto('/audit');
      await check(page, `admin-audit-mobile-${locale}`);
    });

    test('the invitation, access and confirmation dialogs: axe clean, Escape closes, focus returns', async ({
      page,
    }) => {
      await page.setViewportSize(DESKTOP);
      await signIn(page, ADMIN);
      await expect(page).toHaveURL(/\/users$/);
      await page.goto('/users?view=all');
      await settledScreen(page);

      const invite = page.locator('.admin-page__header .button--primary');
      await invite.click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.getByRole('dialog').locator('button[type="submit"]').click();
      await expect(page.getByRole('dialog').locator('[aria-invalid="true"]').first()).toBeFocused();
      await check(page, `admin-invite-dialog-${locale}`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect(invite).toBeFocused();

      await page.goto(`/users?q=${encodeURIComponent(PATIENT.email)}`);
      const row = page.getByRole('row').filter({ hasText: PATIENT.email });
      const menu = row.locator('[aria-haspopup="menu"]');
      await menu.click();
      await expect(page.getByRole('menu')).toBeVisible();
      await check(page, `admin-row-menu-${locale}`);
      await page.getByRole('menuitem').nth(1).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await check(page, `admin-access-dialog-${locale}`, { shoot: false });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();

      await menu.click();
      await page.getByRole('menuitem').last().click();
      const confirm = page.getByRole('alertdialog');
      await expect(confirm).toBeVisible();
      // The safe answer comes first: Enter on an open confirmation never locks anyone.
      await expect(confirm.locator('.button--secondary')).toBeFocused();
      await check(page, `admin-confirm-dialog-${locale}`);
      await page.keyboard.press('Escape');
      await expect(confirm).toBeHidden();
      await expect(menu).toBeFocused();
    });

    test('the invitation screen: axe clean, desktop and phone', async ({ page }) => {
      await page.setViewportSize(DESKTOP);
      await page.goto('/auth/accept-invite?token=example');
      await check(page, `admin-accept-invite-desktop-${locale}`);
      await page.locator('form button[type="submit"]').click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeFocused();
      await check(page, `admin-accept-invite-errors-${locale}`, { shoot: false });
      await page.setViewportSize(PHONE);
      await page.goto('/auth/accept-invite?token=example');
      await check(page, `admin-accept-invite-mobile-${locale}`, { fullPage: true });
    });
  });
}
