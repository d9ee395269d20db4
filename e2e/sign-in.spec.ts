import { expect, test } from '@playwright/test';
import { ADMIN, PATIENT } from './support/portal.ts';
import { expectOnLogin, notices, signIn } from './support/session.ts';

test('a patient signs in and lands on the welcome page', async ({ page }) => {
  await signIn(page, PATIENT);
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Pat' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Intake form' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Documents awaiting signature' })).toBeVisible();
  // The patient has no admin auth: no sidebar and no toggle (spec §2).
  await expect(page.getByRole('navigation', { name: 'Sections' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /sections menu/ })).toHaveCount(0);
});

test('an administrator signs in and is sent to /users', async ({ page }) => {
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/users$/);
  // Staff land on the worklist view of /users.
  await expect(page.getByRole('heading', { level: 1, name: 'Needs attention' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
});

test('a wrong password shows the Login Failed notice and stays on login', async ({ page }) => {
  await signIn(page, { email: PATIENT.email, password: 'not-the-right-password' });
  await expect(notices(page)).toContainText('Login Failed - The email or password you entered is incorrect.');
  await expectOnLogin(page);
});

test('logout clears the session, the key and the uid and returns to login', async ({ page, context }) => {
  await signIn(page, PATIENT);
  await expect(page).toHaveURL(/\/welcome$/);
  await page.getByRole('button', { name: /^Pat\s*account menu$/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expectOnLogin(page);
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'portal_auth')).toBeUndefined();
  const stored = await page.evaluate(() => ({
    user: localStorage.getItem('portal.user'),
    handshake: localStorage.getItem('portal.handshake'),
  }));
  // The app handshakes again on the login screen, but never with the old uid.
  expect(stored.user).toBeNull();
  await page.goto('/welcome');
  await expectOnLogin(page);
});

test('keyboard only: sign in without a pointer', async ({ page }) => {
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your portal' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('E-mail address')).toBeFocused();
  await page.keyboard.type(PATIENT.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(PATIENT.password);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Keep me logged in on this device')).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Pat' })).toBeFocused();
});
