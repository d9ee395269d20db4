import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type BrowserContext } from '@playwright/test';
import { chromiumLaunchOptions } from './playwright.config.ts';
import { BASE_URL, PATIENT } from './support/portal.ts';
import { expectOnLogin, signIn } from './support/session.ts';

/** A real browser profile on disk: closing and relaunching it is a browser restart. */
async function withProfile(run: (launch: () => Promise<BrowserContext>) => Promise<void>) {
  const profile = await mkdtemp(path.join(tmpdir(), 'portal-profile-'));
  try {
    await run(() =>
      chromium.launchPersistentContext(profile, { ...chromiumLaunchOptions, baseURL: BASE_URL }),
    );
  } finally {
    await rm(profile, { recursive: true, force: true });
  }
}

test('with keep me logged in, the session survives a browser restart', async () => {
  await withProfile(async (launch) => {
    const first = await launch();
    const page = await first.newPage();
    await signIn(page, PATIENT, { keep: true });
    await expect(page).toHaveURL(/\/welcome$/);
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
