import { expect, type Page } from '@playwright/test';

/** Waits until nothing is loading and the progress bar has faded out: a screen ready to check or photograph. */
export async function settled(page: Page) {
  await expect(page.locator('.page-loading')).toHaveCount(0);
  // The progress bar finishes and fades (spec §9, 500 ms) before anything is judged.
  await expect(page.locator('.progress-bar--active')).toHaveCount(0);
  await expect
    .poll(() => page.locator('.progress-bar').evaluate((bar) => getComputedStyle(bar).opacity))
    .toBe('0');
}

/** A screen with its heading shown, settled: ready for axe and a screenshot. */
export async function settledScreen(page: Page) {
  await expect(page.locator('h1')).toBeVisible();
  await settled(page);
}
