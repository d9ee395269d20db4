import { expect, test, type Page } from '@playwright/test';
import { createAdministrator } from './support/accounts.ts';
import { signIn } from './support/session.ts';

/** React Router's key of the current history entry: a new one for every navigation. */
const historyKey = (page: Page) =>
  page.evaluate(() => (window.history.state as { key?: string } | null)?.key ?? null);

const nextFrames = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );

// spec §4: refresh_token refreshes the tokens and goes to /. Going there through / used to swap the
// signed-in layout for the redirects and back: a menu opened meanwhile vanished with its items
// (seen as a three-minute stall of mfa.spec, whose fresh administrator has this event queued).
test('an access change heard by the poll keeps the administrator on /users, the layout and the menu they opened', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const account = await createAdministrator('refresh-event', { keepRefreshEvent: true });
  // The promotion queued refresh_token; the polls wait until the menu is open.
  let releasePolls = () => {};
  const pollsHeld = new Promise<void>((resolve) => (releasePolls = resolve));
  await page.route('**/backend/api/v1/patient/event/', async (route) => {
    await pollsHeld;
    await route.continue();
  });

  await signIn(page, account);
  await expect(page).toHaveURL(/\/users$/);
  await page.getByRole('button', { name: new RegExp(`^${account.firstName}`) }).click();
  const accountItem = page.getByRole('menuitem', { name: 'Account' });
  await expect(accountItem).toBeFocused();
  await page.locator('header.navbar').evaluate((navbar) => navbar.setAttribute('data-e2e-kept', ''));
  const keyBefore = await historyKey(page);

  const refreshed = page.waitForResponse((answer) => answer.url().endsWith('/token/refresh/') && answer.ok());
  releasePolls();
  await refreshed;
  await expect.poll(() => historyKey(page)).not.toBe(keyBefore);
  await expect(page).toHaveURL(/\/users$/);
  await nextFrames(page);

  await expect(page.locator('header.navbar[data-e2e-kept]')).toHaveCount(1);
  await expect(accountItem).toBeFocused();
  await accountItem.click();
  await expect(page).toHaveURL(/\/account$/);
});
