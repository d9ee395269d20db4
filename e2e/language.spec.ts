import { expect, test } from '@playwright/test';
import { PATIENT } from './support/portal.ts';
import { signIn } from './support/session.ts';

test('the language chosen before sign-in survives a reload', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByRole('button', { name: '简体中文' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '登录您的门户' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: '登录您的门户' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('portal.locale'))).toBe('cn');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your portal' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
});

test('the profile menu changes the language; dates follow the locale', async ({ page }) => {
  await signIn(page, PATIENT);
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByText(/^Today is \w+day, \d{1,2} \w+ \d{4}\.$/)).toBeVisible();
  await page.getByRole('button', { name: /^Pat\s*account menu$/ }).click();
  await expect(page.getByRole('group', { name: 'Change language' })).toBeVisible();
  await page.getByRole('menuitemradio', { name: '简体中文' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '欢迎，Pat' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: '欢迎，Pat' })).toBeVisible();
  await expect(page.getByText(/^今天是 \d{4}年\d{1,2}月\d{1,2}日星期.。$/)).toBeVisible();
  await page.getByRole('button', { name: /^Pat\s*的账户菜单$/ }).click();
  await expect(page.getByRole('menuitemradio', { name: '简体中文' })).toHaveAttribute('aria-checked', 'true');
});
