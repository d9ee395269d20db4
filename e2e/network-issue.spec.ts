import { expect, test } from '@playwright/test';
import { PATIENT } from './support/portal.ts';
import { signIn } from './support/session.ts';

test('when the API cannot be reached the network-issue screen shows, and retry recovers', async ({
  page,
}) => {
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your portal' })).toBeVisible();
  await page.getByLabel('E-mail address').fill(PATIENT.email);
  await page.getByLabel('Password', { exact: true }).fill(PATIENT.password);
  await page.route('**/backend/api/v1/**', (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/auth\/network-issue\?from=%2Fauth%2Flogin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'We cannot reach the portal' })).toBeVisible();

  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('Still no connection. Please wait a moment and try again.')).toBeVisible();

  await page.unroute('**/backend/api/v1/**');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await signIn(page, PATIENT);
  await expect(page).toHaveURL(/\/welcome$/);
});

test('an app start without the API shows the network-issue screen', async ({ page }) => {
  await page.route('**/backend/api/v1/**', (route) => route.abort('connectionrefused'));
  await page.goto('/auth/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'We cannot reach the portal' })).toBeVisible();
  await page.unroute('**/backend/api/v1/**');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/auth\/signup$/);
});
