import { expect, test } from '@playwright/test';
import { uniqueEmail } from './support/accounts.ts';
import { linkFromMail } from './support/mail.ts';
import { signIn } from './support/session.ts';

test('sign up, confirm the e-mail from the outbox, then sign in', async ({ page }) => {
  const email = uniqueEmail('signup');
  const password = 'Maple-orchard-violin-81';
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeFocused();

  // The form checks with the protocol's schemas before anything is sent.
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Please correct the fields marked below.')).toBeVisible();
  await expect(page.getByLabel('First name')).toBeFocused();

  await page.getByLabel('First name').fill('Jordan');
  await page.getByLabel('Last name').fill('Rivers');
  await page.getByLabel('Date of birth').fill('1990-03-14');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('password1234');
  await expect(page.getByText(/Password strength: (Very weak|Weak)$/)).toBeVisible();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(
    page.getByText('This password is too common. Choose something less predictable.'),
  ).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await expect(page.getByText(/Password strength: (Strong|Very strong)/)).toBeVisible();
  const terms = page.getByRole('link', { name: 'terms of use', exact: true });
  await expect(terms).toHaveAttribute('href', '/auth/terms-of-use');
  await page.getByLabel(/I have read and agree to the terms of use/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible();

  const link = await linkFromMail(email, 'verify-email');
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'E-mail confirmed' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to sign in' }).click();

  await signIn(page, { email, password });
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Jordan' })).toBeVisible();
});

test('a used or forged confirmation link says so', async ({ page }) => {
  await page.goto('/auth/verify-email?token=forged-token');
  await expect(
    page.getByRole('heading', { level: 1, name: 'We could not confirm your e-mail' }),
  ).toBeVisible();
});

test('the terms of use can be read before signing up', async ({ page }) => {
  await page.goto('/auth/terms-of-use');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
  await expect(page.getByText('Northbridge Clinic & Devices').first()).toBeVisible();
});
