import { expect, test, type Page } from '@playwright/test';
import { PortalClient } from '@portal/protocol/testing';
import { createVerifiedPatient, type Account } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { ADMIN, BASE_URL } from './support/portal.ts';
import { shot } from './support/screenshot.ts';
import { signIn } from './support/session.ts';
import { settled } from './support/settled.ts';

/**
 * Decision 0030 in the real app: the worklist's search (name, e-mail, date of birth as the reader
 * writes it), its order by waiting time and "Assigned to me"; the inbox's search by name and by
 * message text; the audit log's filter by the patient's name.
 */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 667 };

const WORDS = {
  gb: {
    search: 'Find a patient',
    order: 'Order',
    mine: 'Assigned to me',
    assign: (name: string) => `Assign ${name}’s item to`,
    nobody: 'Nobody',
    noMatch: 'Nothing in this queue matches.',
    /** Day first, as a British reader writes it. */
    date: (y: number, m: number, d: number) => `${pad(d)}/${pad(m)}/${y}`,
    name: (first: string) => `${first} Tester`,
  },
  cn: {
    search: '查找患者',
    order: '排序',
    mine: '分配给我的',
    assign: (name: string) => `将 ${name} 的事项分配给`,
    nobody: '无人',
    noMatch: '此队列中没有符合条件的事项。',
    date: (y: number, m: number, d: number) => `${y}年${m}月${d}日`,
    name: (first: string) => `${first} Tester`,
  },
} as const;

const pad = (n: number) => String(n).padStart(2, '0');
const randomInt = (from: number, to: number) => from + Math.floor(Math.random() * (to - from + 1));
/** Letters only (names refuse digits), different on every run. */
const runTag = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

const rowOf = (page: Page, name: string) => page.locator('.worklist tbody tr').filter({ hasText: name });

async function signedInClient(account: Pick<Account, 'email' | 'password'>) {
  const client = new PortalClient({ baseUrl: BASE_URL });
  await client.handshake();
  await client.login(account.email, account.password);
  return client;
}

/** Types into a toolbar search and submits it with Enter. */
async function searchFor(page: Page, label: string, text: string) {
  const box = page.getByRole('searchbox', { name: label });
  await box.fill(text);
  await box.press('Enter');
}

for (const locale of ['gb', 'cn'] as const) {
  test(`worklist tools in ${locale}: search by name, e-mail and date of birth, order by waiting, assigned to me`, async ({
    page,
    context,
  }) => {
    const words = WORDS[locale];
    const tag = `Wt${runTag()}`;
    // A date of birth no other patient of the run is likely to share.
    const dob = { y: randomInt(1920, 1969), m: randomInt(1, 12), d: randomInt(1, 28) };
    // Made one after the other: the first has waited longer in "BF-ADL due" (never answered since joining).
    const older = await createVerifiedPatient(
      `wt-older-${locale}`,
      `${tag}older`,
      locale,
      `${dob.y}-${pad(dob.m)}-${pad(dob.d)}`,
    );
    const newer = await createVerifiedPatient(`wt-newer-${locale}`, `${tag}newer`, locale);
    const olderName = words.name(older.firstName);
    const newerName = words.name(newer.firstName);

    await context.addInitScript((value) => localStorage.setItem('portal.locale', value), locale);
    await page.setViewportSize(DESKTOP);
    await signIn(page, ADMIN);
    await expect(page).toHaveURL(/\/users$/);
    await page.goto('/users?view=attention&queue=bf_adl_due');
    const rows = page.locator('.worklist tbody tr');

    await searchFor(page, words.search, tag);
    await expect(page).toHaveURL(new RegExp(`q=${tag}`));
    await expect(rows).toHaveCount(2);

    // The order, chosen by keyboard: one step down is "waiting longest first"; focus stays on it.
    const order = page.getByRole('combobox', { name: words.order });
    await order.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page).toHaveURL(/sort=oldest/);
    await expect(rows.nth(0)).toContainText(olderName);
    await expect(rows.nth(1)).toContainText(newerName);
    await expect(order).toBeFocused();
    await order.selectOption('newest');
    await expect(page).toHaveURL(/sort=newest/);
    await expect(rows.nth(0)).toContainText(newerName);
    await expect(rows.nth(1)).toContainText(olderName);
    await settled(page);
    await expectNoAxeViolations(page, `worklist searched and ordered (${locale})`);

    await searchFor(page, words.search, newer.email);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(newerName);

    await searchFor(page, words.search, words.date(dob.y, dob.m, dob.d));
    await expect(rowOf(page, olderName)).toBeVisible();
    await expect(rowOf(page, newerName)).toHaveCount(0);

    // Assigned to the signed-in administrator, then only theirs, ticked by keyboard.
    await searchFor(page, words.search, tag);
    await expect(rows).toHaveCount(2);
    const assignee = rowOf(page, olderName).getByRole('combobox', { name: words.assign(olderName) });
    const me = await assignee.locator('option', { hasText: ADMIN.firstName }).getAttribute('value');
    await assignee.selectOption(me!);
    await expect(assignee).toHaveValue(me!);
    await expect(assignee).toBeEnabled();
    const mine = page.getByRole('checkbox', { name: words.mine });
    await mine.focus();
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(/mine=true/);
    await expect(mine).toBeChecked();
    await expect(rows).toHaveCount(1);
    await expect(rowOf(page, olderName)).toBeVisible();
    await settled(page);
    await expectNoAxeViolations(page, `worklist assigned to me (${locale})`);
    await shot(page, `worklist-tools-desktop-${locale}`);
    await page.setViewportSize(PHONE);
    await expectNoAxeViolations(page, `worklist assigned to me, phone (${locale})`);
    await shot(page, `worklist-tools-mobile-${locale}`, { fullPage: true });
    await page.setViewportSize(DESKTOP);

    // Given back to nobody, by keyboard: it leaves "assigned to me".
    await assignee.focus();
    await page.keyboard.press('Home');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveText(words.noMatch);
    await expectNoAxeViolations(page, `worklist nothing assigned (${locale})`);
    await mine.focus();
    await page.keyboard.press('Space');
    await expect(page).not.toHaveURL(/mine=true/);
    await expect(rowOf(page, olderName).getByRole('combobox', { name: words.assign(olderName) })).toHaveValue(
      '',
    );
    await expect(rowOf(page, olderName).getByRole('combobox')).toContainText(words.nobody);
  });
}

test('the inbox finds a conversation by the patient’s name and by a word of its messages', async ({
  page,
}) => {
  const tag = runTag();
  const word = `Quokka${tag}`;
  const asker = await createVerifiedPatient('inbox-asker', `Ib${tag}asker`);
  const other = await createVerifiedPatient('inbox-other', `Ib${tag}other`);
  await (
    await signedInClient(asker)
  ).post('/patient/messages/', { text: `Is my ${word} splint ready?` }, { encrypt: true });
  await (
    await signedInClient(other)
  ).post('/patient/messages/', { text: 'When is my next visit?' }, { encrypt: true });

  await page.setViewportSize(DESKTOP);
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/users$/);
  await page.goto('/messages');
  const threads = page.locator('.thread-list .thread-item__name');

  await searchFor(page, 'Find a conversation', `Ib${tag}`);
  await expect(threads).toHaveCount(2);
  await searchFor(page, 'Find a conversation', asker.firstName);
  await expect(threads).toHaveText([`${asker.firstName} Tester`]);

  await searchFor(page, 'Find a conversation', word.toLowerCase());
  await expect(threads).toHaveText([`${asker.firstName} Tester`]);
  await page.locator('.thread-list button').first().click();
  await expect(page.getByText(`Is my ${word} splint ready?`)).toBeVisible();
  await settled(page);
  await expectNoAxeViolations(page, 'inbox searched by a word');
});

test('the audit log filtered by a patient’s name shows only rows about that patient', async ({ page }) => {
  const tag = runTag();
  const patient = await createVerifiedPatient('audit-name', `Au${tag}kept`);
  const other = await createVerifiedPatient('audit-other', `Au${tag}left`);
  // Rows about each: their sign-up and verification, and a sign-in.
  await signedInClient(patient);
  await signedInClient(other);

  await page.setViewportSize(DESKTOP);
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/users$/);
  await page.goto('/audit');
  const rows = page.locator('.audit-table tbody tr');
  await expect(rows.first()).toBeVisible();
  const filters = page.getByRole('form', { name: 'Filter the audit log' });
  await filters.getByRole('textbox', { name: 'Patient’s name' }).fill(patient.firstName);
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(rows.filter({ hasText: other.email })).toHaveCount(0);
  await expect(rows.filter({ hasText: patient.email }).first()).toBeVisible();
  // Every row left is about the patient: done by them, or to them.
  await expect(rows.filter({ hasNotText: patient.email })).toHaveCount(0);
  expect(await rows.count()).toBeGreaterThanOrEqual(3);
});
