import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { DEMO_PATIENT, type TestPortal } from '@portal/server/testing';
import { clockPortalTest as test, setIdleTimeout } from './support/clock-portal.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectOnLogin, notices, signIn } from './support/session.ts';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const SHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');
const PHONE = { width: 375, height: 667 };
const DESKTOP = { width: 1280, height: 800 };

const TEXT = {
  gb: {
    title: 'Are you still there?',
    body: /For your security you will be signed out in 1:\d\d because the portal has not been used\./,
    stay: 'Stay signed in',
    signOut: 'Sign out',
  },
  cn: {
    title: '您还在吗？',
    body: /为了您的安全，由于门户一段时间未被使用，您将在 1:\d\d 后退出登录。/,
    stay: '保持登录',
    signOut: '退出登录',
  },
} as const;

/** A 5-minute idle limit, so the warning comes 2 minutes before: 3 minutes after the last use. */
async function signedInWithFiveMinuteLimit(page: Page, portal: TestPortal, locale: 'gb' | 'cn' = 'gb') {
  await setIdleTimeout(portal, 5);
  if (locale === 'cn') await page.addInitScript(() => localStorage.setItem('portal.locale', 'cn'));
  await page.clock.install();
  const status = page.waitForResponse((r) => r.url().includes('/account/session/'));
  // The welcome page's own queries are use: they must be done before the clocks move.
  const welcomeData = ['/patient/intake/', '/patient/bf_adl/'].map((part) =>
    page.waitForResponse((r) => r.url().includes(part)),
  );
  await signIn(page, DEMO_PATIENT);
  await expect(page).toHaveURL(/\/welcome$/);
  expect((await status).status()).toBe(200);
  await Promise.all(welcomeData);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('portal.lastUse'))).not.toBeNull();
  await expect(page.locator('.progress-bar--active')).toHaveCount(0);
}

async function idleFor(page: Page, portal: TestPortal, ms: number) {
  portal.clock.advance(ms);
  await page.clock.fastForward(ms);
}

const warningOf = (page: Page, locale: 'gb' | 'cn' = 'gb') =>
  page.getByRole('alertdialog', { name: TEXT[locale].title });

async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

test('warns 2 minutes before the idle limit with a countdown; Escape stays signed in past the old limit', async ({
  page,
  portal,
}) => {
  await page.setViewportSize(DESKTOP);
  await signedInWithFiveMinuteLimit(page, portal);

  await idleFor(page, portal, 2 * MINUTE + 50 * SECOND);
  await expect(warningOf(page)).toHaveCount(0);
  await idleFor(page, portal, 20 * SECOND);
  const warning = warningOf(page);
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(TEXT.gb.body);
  const before = await warning.locator('p').first().textContent();
  await idleFor(page, portal, 5 * SECOND);
  await expect(warning.locator('p').first()).not.toHaveText(before!);

  // Keyboard only: focus is in the dialog on the safe choice and Tab stays between its buttons.
  const stay = warning.getByRole('button', { name: TEXT.gb.stay });
  const signOut = warning.getByRole('button', { name: TEXT.gb.signOut });
  await expect(stay).toBeFocused();
  await shot(page, 'idle-warning-gb-desktop-1280x800');
  await page.keyboard.press('Tab');
  await expect(signOut).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(stay).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(signOut).toBeFocused();

  await expectNoAxeViolations(page, 'idle warning gb');

  const extended = page.waitForResponse((r) => r.url().includes('/account/session/extend/'));
  await page.keyboard.press('Escape');
  expect((await extended).status()).toBe(200);
  await expect(warning).toHaveCount(0);

  // 7 minutes after sign-in with a 5-minute limit: the server still counts the session live.
  portal.clock.advance(4 * MINUTE);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(notices(page)).toHaveCount(0);
  await expect(warningOf(page)).toHaveCount(0);
});

test('"Stay signed in" keeps the session; left to run out, it signs out with Session Expired', async ({
  page,
  portal,
}) => {
  await page.setViewportSize(PHONE);
  await signedInWithFiveMinuteLimit(page, portal);

  await idleFor(page, portal, 3 * MINUTE + 10 * SECOND);
  await expect(warningOf(page)).toBeVisible();
  await shot(page, 'idle-warning-gb-phone-375x667');
  await warningOf(page).getByRole('button', { name: TEXT.gb.stay }).click();
  await expect(warningOf(page)).toHaveCount(0);

  // The idle time starts again from the click: the warning returns 3 minutes later.
  await idleFor(page, portal, 2 * MINUTE + 50 * SECOND);
  await expect(warningOf(page)).toHaveCount(0);
  await idleFor(page, portal, 20 * SECOND);
  await expect(warningOf(page)).toBeVisible();

  await idleFor(page, portal, 2 * MINUTE);
  await expect(notices(page)).toContainText('Session Expired - You need to sign in again to continue.');
  await expectOnLogin(page);
});

test('in cn: the warning is axe clean on phone and desktop, and Sign out signs out', async ({
  page,
  portal,
}) => {
  await page.setViewportSize(PHONE);
  await signedInWithFiveMinuteLimit(page, portal, 'cn');
  await idleFor(page, portal, 3 * MINUTE + 10 * SECOND);
  const warning = warningOf(page, 'cn');
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(TEXT.cn.body);
  await expect(warning.getByRole('button', { name: TEXT.cn.stay })).toBeFocused();
  await expectNoAxeViolations(page, 'idle warning cn');
  await shot(page, 'idle-warning-cn-phone-375x667');
  await page.setViewportSize(DESKTOP);
  await expectNoAxeViolations(page, 'idle warning cn desktop');
  await shot(page, 'idle-warning-cn-desktop-1280x800');

  await warning.getByRole('button', { name: TEXT.cn.signOut }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
});
