import { expect, test } from '@playwright/test';
import { ADMIN, PATIENT } from './support/portal.ts';
import { expectOnLogin, signIn } from './support/session.ts';

const SIGNED_IN_PATHS = [
  '/',
  '/welcome',
  '/welcome/intake-form',
  '/welcome/reference-documents',
  '/welcome/bf-adl',
  '/users',
  '/settings',
  '/privacy-notice/',
  '/notice-of-privacy-practices/',
  '/terms-of-use/',
  '/accessibility-statement/',
];

test('every signed-in route sends a visitor without a session to /auth (and on to login)', async ({
  page,
}) => {
  for (const path of SIGNED_IN_PATHS) {
    await page.goto(path);
    await expectOnLogin(page);
  }
});

test('an empty /auth opens the login screen', async ({ page }) => {
  await page.goto('/auth');
  await expectOnLogin(page);
});

test('unknown paths redirect to /, which leads a patient to welcome', async ({ page }) => {
  await page.goto('/no/such/page');
  await expectOnLogin(page);
  await signIn(page, PATIENT);
  await expect(page).toHaveURL(/\/welcome$/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Pat' })).toBeVisible();
});

test('a patient lacking the admin role is sent to /auth from admin routes', async ({ page }) => {
  await signIn(page, PATIENT);
  await expect(page).toHaveURL(/\/welcome$/);
  for (const path of ['/users', '/settings']) {
    await page.goto(path);
    await expectOnLogin(page);
  }
});

test('a patient opens the patient screens and the legal pages', async ({ page }) => {
  await signIn(page, PATIENT);
  await expect(page).toHaveURL(/\/welcome$/);
  const screens: [string, string][] = [
    ['/welcome/intake-form', 'Intake form'],
    ['/welcome/reference-documents', 'Reference documents'],
    ['/welcome/bf-adl', 'BF-ADL assessment'],
    ['/privacy-notice/', 'Privacy notice'],
    ['/notice-of-privacy-practices/', 'Notice of Privacy Practices'],
    ['/terms-of-use/', 'Terms of use'],
    ['/accessibility-statement/', 'Accessibility statement'],
  ];
  for (const [path, heading] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  // Breadcrumbs come from the matched routes (spec §2).
  await page.goto('/welcome/intake-form');
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/welcome');
  await expect(crumbs.getByText('Intake Form')).toHaveAttribute('aria-current', 'page');
});

test('an administrator opening welcome is sent to /users; patient-only routes send to /auth', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/users$/);
  await page.goto('/welcome');
  await expect(page).toHaveURL(/\/users$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/users$/);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.goto('/terms-of-use/');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
  await page.goto('/welcome/intake-form');
  await expectOnLogin(page);
});

test('with no roles stored, roles default to user and admin (spec §6)', async ({ page }) => {
  await signIn(page, PATIENT);
  await expect(page).toHaveURL(/\/welcome$/);
  await page.evaluate(() => {
    const user = JSON.parse(localStorage.getItem('portal.user') ?? '{}') as Record<string, unknown>;
    delete user.roles;
    localStorage.setItem('portal.user', JSON.stringify(user));
  });
  // A user with a username and (defaulted) admin role who opens welcome is sent on (spec §2);
  // /users needs a staff permission this account lacks, so it lands on its account page.
  await page.goto('/welcome');
  await expect(page).toHaveURL(/\/account$/);
});
