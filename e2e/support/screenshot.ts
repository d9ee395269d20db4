import path from 'node:path';
import type { Page } from '@playwright/test';
import { settled } from './settled.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../docs/screenshots');

/**
 * A settled screen into `docs/screenshots/<name>.png`. A full page is taken from the top: the
 * navbar is sticky, and a full-page capture of a scrolled page draws it mid-page.
 */
export async function shot(page: Page, name: string, { fullPage = false } = {}) {
  await settled(page);
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}
