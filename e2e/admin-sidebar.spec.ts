import { expect, test } from '@playwright/test';
import { ADMIN } from './support/portal.ts';
import { signIn } from './support/session.ts';

test('on a wide screen the admin sidebar is open, 280px, with collapsible groups', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/users$/);
  const sidebar = page.getByRole('navigation', { name: 'Sections' });
  await expect(sidebar).toBeVisible();
  expect((await sidebar.boundingBox())?.width).toBe(280);
  // Only routes allowed for the admin's roles: no patient screens.
  await expect(sidebar.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
  await expect(sidebar.getByRole('link', { name: 'Settings' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Intake Form' })).toHaveCount(0);

  const legal = sidebar.getByRole('button', { name: 'Legal' });
  await expect(legal).toHaveAttribute('aria-expanded', 'true');
  await legal.click();
  await expect(legal).toHaveAttribute('aria-expanded', 'false');
  await expect(sidebar.getByRole('link', { name: 'Terms of use' })).toBeHidden();

  await sidebar.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeFocused();

  await page.getByRole('button', { name: 'Hide sections menu' }).click();
  await expect(sidebar).toBeHidden();
});

test('at md and below the sidebar starts collapsed; on a phone it opens full width', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 600 });
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/users$/);
  const sidebar = page.getByRole('navigation', { name: 'Sections' });
  await expect(sidebar).toBeHidden();
  await page.getByRole('button', { name: 'Show sections menu' }).click();
  await expect(sidebar).toBeVisible();
  expect((await sidebar.boundingBox())?.width).toBe(280);

  await page.setViewportSize({ width: 375, height: 667 });
  await expect(sidebar).toBeHidden();
  await page.getByRole('button', { name: 'Show sections menu' }).click();
  expect((await sidebar.boundingBox())?.width).toBe(375);
  await sidebar.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(sidebar).toBeHidden();
});

test("a user's detail page keeps Users marked in the sidebar, as the section the page belongs to", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/users$/);
  await page.goto('/users?view=all');
  await page.getByRole('table').locator('tbody tr').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/users\/[0-9a-f-]{36}$/);
  const users = page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Users' });
  await expect(users).toHaveAttribute('aria-current', 'location');
  await users.click();
  await expect(users).toHaveAttribute('aria-current', 'page');
});
