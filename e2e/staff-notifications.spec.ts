import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { staffNotifications } from '@portal/protocol';
import { signedInClient } from './clinic-fixtures.ts';
import { createAdministrator } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { signIn } from './support/session.ts';
import { settled } from './support/settled.ts';

/**
 * Staff who manage documents choose on their account page whether a patient's decline
 * also reaches them by e-mail. The choice is kept on the server and audited, and the audit log
 * reads the change in words. Axe in gb and cn on a desktop and a phone; screenshots of the page
 * (docs/screenshots/account-notifications-*) and of the audit row (audit-notifications-*).
 */
const SHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');
const SIZES = { desktop: { width: 1280, height: 800 }, mobile: { width: 375, height: 667 } } as const;

const WORDS = {
  gb: {
    action: 'Changed the e-mail notification settings',
    detail: 'E-mail when a patient declines a document: Yes',
  },
  cn: { action: '更改了电子邮件通知设置', detail: '患者拒绝文件时发送电子邮件：是' },
} as const;

/** Settled, from the top with nothing focused: a focus ring or a scrolled navbar stays out of the picture. */
async function settledAtTop(page: Page) {
  await settled(page);
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
}

/** Axe, then a full-page screenshot, at each size. */
async function checkAtBothSizes(page: Page, name: string, locale: string) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await settledAtTop(page);
    await expectNoAxeViolations(page, `${name} (${locale}, ${size})`);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${size}-${locale}.png`), fullPage: true });
  }
}

for (const locale of ['gb', 'cn'] as const) {
  test(`the decline e-mail is chosen on the account page, kept, and audited in words (${locale})`, async ({
    page,
    context,
  }) => {
    await context.addInitScript((value) => localStorage.setItem('portal.locale', value), locale);
    const staff = await createAdministrator(`notify-${locale}`);
    await page.setViewportSize(SIZES.desktop);
    await signIn(page, staff);
    await expect(page).not.toHaveURL(/\/auth\//);
    await page.goto('/account');
    const choice = page
      .locator('section[aria-labelledby="account-notifications-title"]')
      .getByRole('checkbox');
    await expect(choice).not.toBeChecked();
    // The box shows the server's answer: ticked once the choice is saved.
    await choice.click();
    await expect(choice).toBeChecked();
    await expect(choice).toBeEnabled();
    const kept = staffNotifications.parse(await (await signedInClient(staff)).get('/account/notifications/'));
    expect(kept.document_declined).toBe(true);
    await page.reload();
    await expect(choice).toBeChecked();
    await checkAtBothSizes(page, 'account-notifications', locale);

    await page.setViewportSize(SIZES.desktop);
    await page.goto(`/audit?actor=${encodeURIComponent(staff.email)}&action=account.notifications`);
    const row = page.locator('.audit-table tbody tr').first();
    await expect(row.locator('.audit-table__action')).toHaveText(WORDS[locale].action);
    await expect(row.locator('.audit-detail')).toHaveText(WORDS[locale].detail);
    await checkAtBothSizes(page, 'audit-notifications', locale);
  });
}
