import { expect, type Page } from '@playwright/test';
import type { Account } from './accounts.ts';

/** Signs in through the login form, as a person would. */
export async function signIn(
  page: Page,
  account: Pick<Account, 'email' | 'password'>,
  options: { keep?: boolean } = {},
) {
  await page.goto('/auth/login');
  // By field name, so the helper works in either locale.
  await page.locator('input[name="email"]').fill(account.email);
  await page.locator('input[name="password"]').fill(account.password);
  if (options.keep) await page.locator('input[name="keep-logged-in"]').check();
  await page.locator('form button[type="submit"]').click();
}

export async function expectOnLogin(page: Page) {
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your portal' })).toBeVisible();
}

/** The toast region's text, for the notices of spec §8. */
export function notices(page: Page) {
  return page.getByRole('status').filter({ has: page.getByTestId('notice') });
}
