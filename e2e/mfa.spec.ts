import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { createAdministrator, createVerifiedPatient } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { ADMIN, STORAGE } from './support/portal.ts';
import { notices, signIn } from './support/session.ts';
import { settled } from './support/settled.ts';

const SHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');

/** What an authenticator app shows for the typed-in key, `stepsAhead` 30-second steps from now. */
function authenticatorCode(manualKey: string, stepsAhead = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(manualKey.replace(/\s+/g, '')), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

async function openAccount(page: Page, firstName: string) {
  await page.getByRole('button', { name: new RegExp(`^${firstName}`) }).click();
  await page.getByRole('menuitem', { name: /^(Account|账户)$/ }).click();
  await expect(page).toHaveURL(/\/account$/);
}

async function signOut(page: Page, firstName: string) {
  await page.getByRole('button', { name: new RegExp(`^${firstName}`) }).click();
  await page.getByRole('menuitem', { name: /^(Logout|退出登录)$/ }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
}

test('an administrator sets up MFA from the key shown, then signs in with a code and with a recovery code; an admin resets it', async ({
  page,
  context,
  browser,
}) => {
  // Five sign-ins and seven axe scans in one journey: on a loaded 2-core CI machine it came
  // within a second of the default 60 s and once went past it.
  test.slow();
  await page.setViewportSize({ width: 1280, height: 800 });
  const account = await createAdministrator('mfa-admin');
  let manualKey = '';
  let recoveryCodes: string[] = [];

  await test.step('the account screen offers MFA and lists the sessions (axe clean)', async () => {
    await signIn(page, account);
    await expect(page).toHaveURL(/\/users$/);
    await openAccount(page, account.firstName);
    await expect(page.getByRole('heading', { level: 1, name: 'Account security' })).toBeVisible();
    await expect(page.getByTestId('account-session')).toHaveCount(1);
    await expect(page.getByTestId('account-session')).toContainText('This device');
    await expectNoAxeViolations(page, 'account gb');
  });

  await test.step('scan or type the key, confirm with a code, keep the recovery codes', async () => {
    await page.getByRole('button', { name: 'Set up multi-factor authentication' }).click();
    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
    manualKey = (await page.getByTestId('mfa-manual-key').textContent()) ?? '';
    expect(manualKey.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{32}$/);
    await expectNoAxeViolations(page, 'MFA setup gb');
    await settled(page);
    await page.screenshot({ path: path.join(SHOTS, 'account-mfa-setup-desktop-gb.png'), fullPage: true });

    await page.getByLabel('Code from the app').fill('000000');
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    await expect(page.getByText('The code is incorrect or has already been used')).toBeVisible();

    await page.getByLabel('Code from the app').fill(authenticatorCode(manualKey));
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    const codes = page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    recoveryCodes = await codes.allTextContents();
    await expectNoAxeViolations(page, 'recovery codes gb');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect(page).toHaveURL(/\/users$/);
    await openAccount(page, account.firstName);
    await expect(page.getByText('10 recovery codes left.')).toBeVisible();
    await settled(page);
    await page.screenshot({ path: path.join(SHOTS, 'account-security-desktop-gb.png'), fullPage: true });
  });

  await test.step('signing in asks for the code after the password', async () => {
    await signOut(page, account.firstName);
    await signIn(page, account);
    await expect(page.getByRole('heading', { level: 1, name: 'Enter your verification code' })).toBeVisible();
    const field = page.getByLabel('Verification code');
    await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await expectNoAxeViolations(page, 'MFA login step gb');
    await settled(page);
    await page.screenshot({ path: path.join(SHOTS, 'auth-mfa-step-desktop-gb.png') });
    // The enrolment used this step's code; a code is accepted once, so the app's next one.
    await field.fill(authenticatorCode(manualKey, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/users$/);
  });

  await test.step('in Chinese, a recovery code signs in once', async () => {
    await signOut(page, account.firstName);
    await context.addInitScript((key) => localStorage.setItem(key, 'cn'), STORAGE.locale);
    await signIn(page, account);
    await expect(page.getByRole('heading', { level: 1, name: '输入验证码' })).toBeVisible();
    await expectNoAxeViolations(page, 'MFA login step cn');
    await page.getByRole('button', { name: '改用恢复码' }).click();
    await expect(page.getByLabel('恢复码')).toHaveAttribute('autocomplete', 'off');
    await expectNoAxeViolations(page, 'MFA recovery step cn');
    await settled(page);
    await page.screenshot({ path: path.join(SHOTS, 'auth-mfa-step-desktop-cn.png') });
    await page.getByLabel('恢复码').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: '验证', exact: true }).click();
    await expect(page).toHaveURL(/\/users$/);
    await openAccount(page, account.firstName);
    await expect(page.getByText('剩余 9 个恢复码。')).toBeVisible();
    await expectNoAxeViolations(page, 'account cn');
    await settled(page);
    await page.screenshot({ path: path.join(SHOTS, 'account-security-desktop-cn.png'), fullPage: true });
  });

  await test.step('an administrator resets it from the users page; the person signs in with the password alone', async () => {
    const adminContext = await browser.newContext();
    try {
      const admin = await adminContext.newPage();
      await signIn(admin, ADMIN);
      await expect(admin).toHaveURL(/\/users$/);
      await admin.goto(`/users?q=${encodeURIComponent(account.email)}`);
      const row = admin.getByRole('row').filter({ hasText: account.email });
      await row.getByRole('button', { name: /^Actions/ }).click();
      await admin.getByRole('menuitem', { name: 'Reset multi-factor authentication' }).click();
      await admin.getByRole('alertdialog').getByRole('button', { name: 'Reset', exact: true }).click();
      await expect(notices(admin)).toContainText('Multi-factor authentication reset');
    } finally {
      await adminContext.close();
    }
    await signOut(page, account.firstName);
    await signIn(page, account);
    await expect(page).toHaveURL(/\/users$/);
    await openAccount(page, account.firstName);
    await expect(page.getByRole('button', { name: '设置多重身份验证' })).toBeVisible();
  });
});

test('ending another browser’s session from the account screen signs that browser out on its next poll', async ({
  browser,
}) => {
  const patient = await createVerifiedPatient('sessions');
  const laptop = await browser.newContext();
  const phone = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  });
  try {
    const here = await laptop.newPage();
    const there = await phone.newPage();
    await signIn(there, patient);
    await expect(there).toHaveURL(/\/welcome$/);
    await signIn(here, patient);
    await expect(here).toHaveURL(/\/welcome$/);
    await openAccount(here, patient.firstName);

    const sessions = here.getByTestId('account-session');
    await expect(sessions).toHaveCount(2);
    const iphone = sessions.filter({ hasText: 'Safari on iOS' });
    await expect(iphone).toHaveCount(1);
    await iphone.getByRole('button', { name: 'Sign out this device: Safari on iOS' }).click();
    await expect(here.getByText('The device was signed out.')).toBeVisible();
    await expect(sessions).toHaveCount(1);

    // spec §4: the web app polls every 10 s; the ended session's poll answers 10401.
    await expect(there).toHaveURL(/\/auth\/login$/, { timeout: 20_000 });
    await expect(notices(there)).toContainText('Session Expired');
  } finally {
    await laptop.close();
    await phone.close();
  }
});
