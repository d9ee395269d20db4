import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type BrowserContext } from '@playwright/test';
import { chromiumLaunchOptions } from './playwright.config.ts';
import { BASE_URL, PATIENT, STORAGE } from './support/portal.ts';
import { expectOnLogin, signIn } from './support/session.ts';

/** A real browser profile on disk: closing and relaunching it is a browser restart. */
async function withProfile(run: (launch: () => Promise<BrowserContext>, profile: string) => Promise<void>) {
  const profile = await mkdtemp(path.join(tmpdir(), 'portal-profile-'));
  try {
    await run(
      () => chromium.launchPersistentContext(profile, { ...chromiumLaunchOptions, baseURL: BASE_URL }),
      profile,
    );
  } finally {
    await rm(profile, { recursive: true, force: true });
  }
}

/**
 * Chromium commits its cookie store to the profile's SQLite file about 30 s after a change, and
 * a browser closed before that commit does not always flush it: a real restart then loses the
 * cookie whatever the page asked for. The cookie's name is stored as plain text in its row, so
 * its bytes in the file say the commit has happened.
 */
async function authCookieOnDisk(profile: string): Promise<boolean> {
  const store = await readFile(path.join(profile, 'Default', 'Cookies')).catch(() => Buffer.alloc(0));
  return store.includes(STORAGE.authCookie);
}

test('with keep me logged in, the session survives a browser restart', async () => {
  test.setTimeout(120_000);
  await withProfile(async (launch, profile) => {
    const first = await launch();
    const page = await first.newPage();
    await signIn(page, PATIENT, { keep: true });
    await expect(page).toHaveURL(/\/welcome$/);
    await expect.poll(() => authCookieOnDisk(profile), { timeout: 60_000 }).toBe(true);
    await first.close();

    const second = await launch();
    const again = await second.newPage();
    await again.goto('/welcome');
    await expect(again.getByRole('heading', { level: 1, name: 'Welcome, Pat' })).toBeVisible();
    await second.close();
  });
});

test('without keep me logged in, a browser restart ends the session', async () => {
  await withProfile(async (launch) => {
    const first = await launch();
    const page = await first.newPage();
    await signIn(page, PATIENT);
    await expect(page).toHaveURL(/\/welcome$/);
    // Still signed in across a reload within the same browser session.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Pat' })).toBeVisible();
    await first.close();

    const second = await launch();
    const again = await second.newPage();
    await again.goto('/welcome');
    await expectOnLogin(again);
    await second.close();
  });
});
