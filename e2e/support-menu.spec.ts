import { expect, test } from '@playwright/test';
import { PATIENT } from './support/portal.ts';
import { notices, signIn } from './support/session.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('the support menu copies contacts and opens external links safely', async ({ page }) => {
  await signIn(page, PATIENT);
  await expect(page).toHaveURL(/\/welcome$/);
  const button = page.getByRole('button', { name: 'Support' });
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const copyEmail = page.getByRole('menuitem', { name: /Copy support e-mail/ });
  await expect(copyEmail).toBeFocused();
  await copyEmail.click();
  await expect(notices(page)).toContainText('The support e-mail address was copied to the clipboard.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('support@northbridge.example');

  await button.click();
  // Shown grouped for reading; copied as the dialable E.164 number.
  await page.getByRole('menuitem', { name: /Copy toll-free phone.*\+1 800 555 0123/ }).click();
  await expect(notices(page)).toContainText('The toll-free phone number was copied to the clipboard.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('+18005550123');

  await button.click();
  for (const [name, href] of [
    ['Book an info call', 'https://northbridge.example/book-a-call'],
    ['Visit our website', 'https://northbridge.example'],
  ]) {
    const link = page.getByRole('menuitem', { name });
    await expect(link).toHaveAttribute('href', new RegExp(`^${href}/?$`));
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
});

test('menus follow the WAI-ARIA menu button pattern from the keyboard', async ({ page }) => {
  await signIn(page, PATIENT);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Pat' })).toBeFocused();
  const button = page.getByRole('button', { name: /^Pat\s*account menu$/ });
  await button.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Account' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitemradio', { name: 'English' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitemradio', { name: '简体中文' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Account' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/auth\/login$/);
});
