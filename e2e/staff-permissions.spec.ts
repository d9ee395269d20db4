import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { type UserPage } from '@portal/protocol';
import { PortalClient } from '@portal/protocol/testing';
import { expectNoAxeViolations } from './support/axe.ts';
import { ADMIN, BASE_URL, FRONT_DESK, PATIENT } from './support/portal.ts';
import { signIn } from './support/session.ts';
import { settledScreen } from './support/settled.ts';

/**
 * Staff permissions (decision 0012): the access dialog's presets, and what a
 * front-desk account sees and is refused. Dialogs are opened and cancelled: nothing here
 * changes the shared demo accounts.
 */
const SHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 667 };

async function check(page: Page, name: string, shoot = true) {
  await settledScreen(page);
  await expectNoAxeViolations(page, name);
  if (shoot) await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

const sidebarLinks = (page: Page) => page.locator('#sidebar-group-administration a');

for (const locale of ['gb', 'cn'] as const) {
  test.describe(`staff permissions in ${locale}`, () => {
    test.beforeEach(async ({ context }) => {
      await context.addInitScript((value) => localStorage.setItem('portal.locale', value), locale);
    });

    test('the access dialog offers the presets in one click and the permissions one by one', async ({
      page,
    }) => {
      await signIn(page, ADMIN);
      await expect(page).toHaveURL(/\/users$/);
      for (const [viewport, label] of [
        [DESKTOP, 'desktop'],
        [PHONE, 'mobile'],
      ] as const) {
        await page.setViewportSize(viewport);
        await page.goto(`/users?q=${encodeURIComponent(FRONT_DESK.email)}`);
        const row = page.getByRole('row').filter({ hasText: 'frontdesk@' });
        await row.locator('[aria-haspopup="menu"]').click();
        await page.getByRole('menuitem').nth(1).click();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        const preset = (value: string) => dialog.locator(`input[type="radio"][value="${value}"]`);
        await expect(preset('front_desk')).toBeChecked();
        // The administrator role, the administration menu and the four front-desk permissions.
        await expect(dialog.locator('input[type="checkbox"]:checked')).toHaveCount(6);
        await preset('clinician').check();
        await expect(preset('clinician')).toBeChecked();
        await check(page, `staff-access-dialog-${label}-${locale}`);
        // One permission more than the preset makes a custom set.
        await dialog.locator('input[type="checkbox"]').last().check();
        await expect(preset('custom')).toBeChecked();
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
    });

    test('a front desk sees only their sidebar entries and no chart on the patient page', async ({
      page,
    }) => {
      await page.setViewportSize(DESKTOP);
      await signIn(page, FRONT_DESK);
      await expect(page).toHaveURL(/\/users$/);
      await expect(sidebarLinks(page)).toHaveCount(4);
      await expect(sidebarLinks(page).nth(0)).toHaveAttribute('href', '/users');
      await expect(sidebarLinks(page).nth(1)).toHaveAttribute('href', '/messages');
      await expect(sidebarLinks(page).nth(2)).toHaveAttribute('href', '/document-library');
      await expect(sidebarLinks(page).nth(3)).toHaveAttribute('href', '/equipment-catalogue');
      await check(page, `staff-front-desk-sidebar-desktop-${locale}`);

      // Settings and the audit log are not theirs: the guard sends them away as it does a wrong role.
      for (const path of ['/settings', '/audit']) {
        await page.goto(path);
        await expect(page).toHaveURL(/\/auth\/login$/);
      }

      await page.goto(`/users?q=${encodeURIComponent(PATIENT.email)}`);
      await page.getByRole('row').filter({ hasText: PATIENT.email }).getByRole('link').click();
      await expect(page).toHaveURL(/\/users\/[0-9a-f-]{36}$/);
      await settledScreen(page);
      await expect(page.locator('#detail-profile')).toBeVisible();
      await expect(page.locator('#detail-trail')).toHaveCount(0);
      await expect(page.locator('.user-detail__grid h2')).toHaveCount(2); // account and profile only
      await check(page, `staff-front-desk-patient-${locale}`, false);

      await page.setViewportSize(PHONE);
      await page.goto('/users');
      await settledScreen(page);
      const toggle = page.locator('[aria-controls="sidebar"]');
      await toggle.click();
      await expect(page.locator('#sidebar')).toBeVisible();
      await check(page, `staff-front-desk-sidebar-mobile-${locale}`);
    });
  });
}

test('the server refuses a front desk the chart read with 10403', async () => {
  const client = new PortalClient({ baseUrl: BASE_URL });
  await client.handshake();
  await client.login(FRONT_DESK.email, FRONT_DESK.password);
  const page = await client.get<UserPage>('/admin/users/', { q: PATIENT.email });
  const patientId = page.items[0]!.id;
  const chart = await client.send({ method: 'GET', path: `/admin/patients/${patientId}/chart/bf_adl/` });
  expect([chart.status, (chart.body as { code: number }).code]).toEqual([403, 10403]);
});

test('Esc closes the phone-sized sidebar overlay and gives focus back to its toggle', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/users$/);
  const toggle = page.locator('[aria-controls="sidebar"]');
  await toggle.click();
  await expect(page.locator('#sidebar')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('#sidebar')).toBeHidden();
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});

test('a malformed user address says the user was not found', async ({ page }) => {
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/users$/);
  await page.goto('/users/not-a-user-id');
  await expect(page.getByRole('heading', { level: 1, name: 'User not found' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('This account was not found.');
  await expectNoAxeViolations(page, 'user not found');
});
