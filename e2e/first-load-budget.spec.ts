import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

/** The login page's first load stays small: route-level code splitting, zxcvbn only on signup. */
const BUDGET_BYTES = 150 * 1024;

test('first-load JavaScript of /auth/login is at most 150 KB gzip', async ({ page }) => {
  const scripts = new Map<string, Buffer>();
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script' && response.ok()) {
      scripts.set(response.url(), await response.body());
    }
  });
  await page.goto('/auth/login');
  await expect(page.locator('h1')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const gzipped = [...scripts.values()].reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
  test
    .info()
    .annotations.push({ type: 'first-load JS (gzip)', description: `${(gzipped / 1024).toFixed(1)} KB` });
  expect(gzipped).toBeLessThanOrEqual(BUDGET_BYTES);
  expect(
    [...scripts.keys()].some((url) => /zxcvbn|dist-/.test(url) && scripts.get(url)!.length > 300_000),
  ).toBe(false);
});
