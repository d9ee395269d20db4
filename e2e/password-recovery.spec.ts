import { expect, test } from '@playwright/test';
import { createVerifiedPatient } from './support/accounts.ts';
import { linkFromMail } from './support/mail.ts';
import { expectOnLogin, notices, signIn } from './support/session.ts';

test('recover a password by e-mail, reset it and sign in with the new one', async ({ page }) => {
  const account = await createVerifiedPatient('recover');
  const newPassword = 'Copper-kettle-meadow-73';
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Recover your password' })).toBeVisible();
  await page.getByLabel('E-mail address').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page).toHaveURL(/\/auth\/recover-password-email$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();

  const link = new URL(await linkFromMail(account.email, 'reset-password'));
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat the new password').fill('something-else-entirely');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('The two passwords do not match.')).toBeVisible();
  await page.getByLabel('Repeat the new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Password changed' })).toBeVisible();

  await signIn(page, account);
  await expect(notices(page)).toContainText('Login Failed');
  await expectOnLogin(page);
  await signIn(page, { email: account.email, password: newPassword });
  await expect(page).toHaveURL(/\/welcome$/);

  // The link works once.
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('New password', { exact: true }).fill('Another-long-passphrase-19');
  await page.getByLabel('Repeat the new password').fill('Another-long-passphrase-19');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('This reset link has expired or was already used.')).toBeVisible();
});
