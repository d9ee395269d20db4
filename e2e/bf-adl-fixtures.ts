import { expect, type Page } from '@playwright/test';
import type { Answers } from '@portal/protocol';
import { barthel } from '@portal/server/testing';

/** The BF-ADL screen (apps/web/src/features/assessment), shared by the specs that answer it. */

export function optionLabel(itemId: string, value: string, locale: 'gb' | 'cn'): string {
  const item = barthel.items.find((i) => i.id === itemId)!;
  return item.options.find((o) => o.value === value)!.label[locale];
}

export function bandLabel(id: string, locale: 'gb' | 'cn'): string {
  return barthel.bands.find((b) => b.id === id)!.label[locale];
}

/**
 * Answers every question as the page shows them (all at once on a wide screen, one per step on
 * a phone, where each step's Next leads to the next question) and submits.
 */
export async function answerBfAdl(page: Page, answers: Answers, locale: 'gb' | 'cn') {
  const form = page.locator('form.bf-adl-form');
  const next = form.locator('.bf-adl-form__actions button.button--primary[type="button"]');
  for (const item of barthel.items) {
    await form
      .getByRole('group', { name: item.text[locale], exact: true })
      .getByLabel(optionLabel(item.id, answers[item.id]!, locale), { exact: true })
      .check();
    // The step is on screen with its buttons once its option could be checked.
    if (await next.isVisible()) await next.click();
  }
  await form.locator('button[type="submit"]').click();
  await expect(page.getByTestId('bf-adl-score')).toBeVisible();
}
