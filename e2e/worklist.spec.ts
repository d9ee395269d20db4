import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { type ClinicAssignment, type DocumentTemplate } from '@portal/protocol';
import { PortalClient } from '@portal/protocol/testing';
import { createVerifiedPatient } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { ADMIN, BASE_URL } from './support/portal.ts';
import { signIn } from './support/session.ts';
import { settled } from './support/settled.ts';

/**
 * The users page's "Needs attention" view, the default for staff: its queues with
 * counts, the declined-documents queue with the patient's reason, and the decline's row
 * actions (re-send, withdraw, open the conversation) by keyboard. Axe in gb and cn;
 * screenshots on a desktop and a 375 px phone (docs/screenshots/worklist-*).
 */
const SHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 667 };
const REASON = 'I would like to discuss the risks with my doctor first.';

/** A fresh patient, named `firstName` (unique to the run), who declined the demo consent form with REASON. */
async function declinedBy(label: string, firstName: string): Promise<string> {
  const account = await createVerifiedPatient(label, firstName);
  const patient = new PortalClient({ baseUrl: BASE_URL });
  await patient.handshake();
  await patient.login(account.email, account.password);
  const sub = JSON.parse(Buffer.from(patient.access!.split('.')[1]!, 'base64url').toString('utf8')) as {
    sub: string;
  };
  const admin = new PortalClient({ baseUrl: BASE_URL });
  await admin.handshake();
  await admin.login(ADMIN.email, ADMIN.password);
  const { items } = await admin.get<{ items: DocumentTemplate[] }>('/admin/documents/templates/');
  const consent = items.find((t) => t.kind === 'signature' && t.fields.length > 0)!;
  const assigned = await admin.post<{ items: ClinicAssignment[] }>(
    '/admin/documents/assignments/',
    { template_id: consent.id, patient_ids: [sub.sub] },
    { encrypt: true },
  );
  await patient.post(
    '/patient/sign/',
    { id: assigned.items[0]!.id, action: 'reject', reason: REASON },
    { encrypt: true },
  );
  return firstName;
}

/** The page's heading is shown and nothing is loading any more. */
async function shown(page: Page) {
  await expect(page.locator('h1')).toBeVisible();
  await settled(page);
}

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
/** Letters only (names refuse digits), different on every run. */
const runTag = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

for (const locale of ['gb', 'cn'] as const) {
  test(`the worklist in ${locale}: queues with counts, declined documents with the reason; axe clean, desktop and phone`, async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const name = `Wl${locale}${runTag()}`;
    await declinedBy(`worklist-${locale}`, name);
    await context.addInitScript((value) => localStorage.setItem('portal.locale', value), locale);
    await page.setViewportSize(DESKTOP);
    await signIn(page, ADMIN);
    await expect(page).toHaveURL(/\/users$/);
    const views = page.locator('.users-home__views');
    await expect(views.locator('[aria-current="page"]')).toHaveText(
      locale === 'gb' ? 'Needs attention' : '需要处理',
    );
    const queues = page.locator('.worklist__queues');
    await expect(queues.getByRole('link')).toHaveCount(13);
    await shown(page);
    await expectNoAxeViolations(page, `worklist-${locale}`);
    await page.screenshot({ path: path.join(SHOTS, `worklist-desktop-${locale}.png`) });
    await page.setViewportSize(PHONE);
    await shown(page);
    await expectNoAxeViolations(page, `worklist-phone-${locale}`);
    await page.screenshot({ path: path.join(SHOTS, `worklist-mobile-${locale}.png`), fullPage: true });
    await page.setViewportSize(DESKTOP);

    await queues.getByRole('link', { name: locale === 'gb' ? /Declined documents/ : /被拒绝的文件/ }).click();
    await expect(page).toHaveURL(/queue=declined_documents/);
    await expect(rowOf(page, name)).toContainText(REASON);
    await shown(page);
    await expectNoAxeViolations(page, `worklist-declined-${locale}`);
    await page.screenshot({ path: path.join(SHOTS, `worklist-declined-desktop-${locale}.png`) });

    await page.setViewportSize(PHONE);
    await shown(page);
    await expectNoAxeViolations(page, `worklist-declined-phone-${locale}`);
    await page.screenshot({
      path: path.join(SHOTS, `worklist-declined-mobile-${locale}.png`),
      fullPage: true,
    });
  });
}

test('a declined row by keyboard: re-send, withdraw (confirmed in the row), open the conversation', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = runTag();
  const resent = await declinedBy('worklist-resend', `Resend${stamp}`);
  const withdrawn = await declinedBy('worklist-withdraw', `Withdraw${stamp}`);
  const talked = await declinedBy('worklist-talk', `Talk${stamp}`);
  await page.setViewportSize(DESKTOP);
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/users$/);
  await page.goto('/users?view=attention&queue=declined_documents');
  await expect(rowOf(page, resent)).toBeVisible();

  await rowOf(page, resent)
    .getByRole('button', { name: /^Re-send/ })
    .focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('notice').filter({ hasText: 'Sent again' })).toBeVisible();
  await expect(rowOf(page, resent)).toHaveCount(0);

  await rowOf(page, withdrawn)
    .getByRole('button', { name: /^Withdraw/ })
    .focus();
  await page.keyboard.press('Enter');
  const confirm = rowOf(page, withdrawn).getByRole('group', { name: /Withdraw/ });
  await expect(confirm.getByRole('button', { name: 'Yes, withdraw' })).toBeFocused();
  await expectNoAxeViolations(page, 'worklist-withdraw-confirm');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('notice').filter({ hasText: 'Request withdrawn' })).toBeVisible();
  await expect(rowOf(page, withdrawn)).toHaveCount(0);

  await rowOf(page, talked)
    .getByRole('link', { name: /^Open conversation/ })
    .focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/messages\?thread=[0-9a-f-]{36}$/);
  await expect(page.locator('.message--notice').filter({ hasText: REASON }).first()).toBeVisible();
});
