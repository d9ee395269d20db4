import { expect, test, type Page } from '@playwright/test';
import { PATIENT } from './support/portal.ts';
import { expectOnLogin, notices, signIn } from './support/session.ts';

async function editAuthCookie(
  page: Page,
  edit: (cookie: { access: string; expires: number; refresh: string }) => void,
) {
  const context = page.context();
  const cookie = (await context.cookies()).find((c) => c.name === 'portal_auth');
  if (!cookie) throw new Error('no auth cookie');
  const value = JSON.parse(decodeURIComponent(cookie.value)) as {
    access: string;
    expires: number;
    refresh: string;
  };
  edit(value);
  await context.addCookies([{ ...cookie, value: encodeURIComponent(JSON.stringify(value)) }]);
}

test('a rejected access token (10401) shows Session Expired and lands on login', async ({ page }) => {
  await signIn(page, PATIENT);
  await expect(page).toHaveURL(/\/welcome$/);
  await editAuthCookie(page, (cookie) => {
    cookie.access = `${cookie.access.slice(0, -6)}AAAAAA`;
  });
  await page.reload();
  await expect(notices(page)).toContainText('Session Expired - You need to sign in again to continue.');
  await expectOnLogin(page);
  expect((await page.context().cookies()).find((c) => c.name === 'portal_auth')).toBeUndefined();
});

test('after expiry, requests queue behind exactly one refresh and replay with the new token', async ({
  page,
}) => {
  await signIn(page, PATIENT);
  await expect(page).toHaveURL(/\/welcome$/);
  const refreshCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/token/refresh/')) refreshCalls.push(request.url());
  });
  // Hold the refresh answer so the logout request is made while the refresh is in flight.
  let releaseRefresh = () => {};
  const held = new Promise<void>((resolve) => (releaseRefresh = resolve));
  await page.route('**/backend/api/v1/token/refresh/', async (route) => {
    await held;
    await route.continue();
  });
  await editAuthCookie(page, (cookie) => {
    cookie.expires = Math.floor(Date.now() / 1000) - 60;
  });
  await page.reload();
  await expect.poll(() => refreshCalls.length).toBe(1);
  await page.getByRole('button', { name: /^Pat\s*account menu$/ }).click();
  const logoutAnswer = page.waitForResponse((r) => r.url().includes('/token/logout/'));
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  releaseRefresh();
  expect((await logoutAnswer).status()).toBe(200);
  await expectOnLogin(page);
  expect(refreshCalls).toHaveLength(1);
});

test('an unknown uid (10014) is recovered without the user noticing', async ({ page }) => {
  await signIn(page, PATIENT);
  await expect(page).toHaveURL(/\/welcome$/);
  // Only the reloaded page sees the bogus uid: set in the running page, its own next poll would
  // meet 10014 and recover before the reload, and the reloaded page would never be tested.
  await page.addInitScript(() => {
    const state = JSON.parse(localStorage.getItem('portal.handshake') ?? '{}') as Record<string, string>;
    localStorage.setItem(
      'portal.handshake',
      JSON.stringify({ ...state, uid: 'bogus-uid-that-the-server-never-issued' }),
    );
  });
  const codes: number[] = [];
  page.on('response', async (response) => {
    if (!response.url().includes('/patient/event/')) return;
    // A poll of the page being reloaded can answer as it goes: its body is gone, and it is not
    // one of the answers this test is about.
    const body = (await response.json().catch(() => undefined)) as { code: number } | undefined;
    if (body) codes.push(body.code);
  });
  await page.reload();
  await expect.poll(() => codes).toEqual(expect.arrayContaining([10014, 0]));
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Pat' })).toBeVisible();
  await expect(page.getByTestId('notice')).toHaveCount(0);
  const uid = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('portal.handshake') ?? '{}') as { uid?: string }).uid,
  );
  expect(uid).toBeTruthy();
  expect(uid).not.toBe('bogus-uid-that-the-server-never-issued');
});
