import { expect } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectNoAxeViolations } from './support/axe.ts';
import { ADMIN } from './support/portal.ts';
import { privatePortalTest as test } from './support/private-portal.ts';
import { signIn } from './support/session.ts';

// On a portal of its own: requiring MFA of administrators would stop every other spec's demo admin.
test('with MFA required for administrators, an admin without it can only set it up, then has the portal back', async ({
  page,
}) => {
  await test.step('the admin turns the setting on', async () => {
    await signIn(page, ADMIN);
    await expect(page).toHaveURL(/\/users$/);
    await page.goto('/settings');
    await page.getByLabel('Require multi-factor authentication for administrators').check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByLabel('Require multi-factor authentication for administrators')).toBeChecked();
    await page.reload();
    await expect(page.getByLabel('Require multi-factor authentication for administrators')).toBeChecked();
  });

  await test.step('signing in again leads to the account screen and nowhere else', async () => {
    await page.getByRole('button', { name: new RegExp(`^${ADMIN.firstName}`) }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await signIn(page, ADMIN);
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('alert')).toContainText('The clinic requires administrators');
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/account$/);
    await expectNoAxeViolations(page, 'account, MFA required');
  });

  await test.step('after setting it up, the portal opens again', async () => {
    await page.getByRole('button', { name: 'Set up multi-factor authentication' }).click();
    const key = ((await page.getByTestId('mfa-manual-key').textContent()) ?? '').replace(/\s/g, '');
    const code = new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30 }).generate();
    await page.getByLabel('Code from the app').fill(code);
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect(page).toHaveURL(/\/users$/);
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByLabel('Require multi-factor authentication for administrators')).toBeChecked();
  });
});
