import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { createVerifiedPatient, type Account } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { ADMIN, DATA_DIR } from './support/portal.ts';
import { expectOnLogin, signIn } from './support/session.ts';
import { shot } from './support/screenshot.ts';

/** The built-in messenger: patient panel, clinic inbox, mail, session storage. */

const PHONE = { width: 375, height: 667 };
const DESKTOP = { width: 1280, height: 800 };
const OPEN_KEY = 'portal.messenger.open';

const TEXTS = {
  gb: {
    open: 'Open messages with the clinic',
    close: 'Close messages with the clinic',
    panel: 'Messages with the clinic',
    message: 'Message to the clinic',
    send: 'Send',
    inbox: 'Messages',
    fileType: 'File type is incorrect',
  },
  cn: {
    open: '打开与诊所的消息',
    close: '关闭与诊所的消息',
    panel: '与诊所的消息',
    message: '发给诊所的消息',
    send: '发送',
    inbox: '消息',
    fileType: '文件类型不正确',
  },
} as const;
type Locale = keyof typeof TEXTS;

async function openContext(browser: Browser, viewport: typeof PHONE, locale: Locale = 'gb') {
  const context = await browser.newContext({ viewport });
  await context.addInitScript((value) => localStorage.setItem('portal.locale', value), locale);
  return context;
}

async function signedInPatient(page: Page, account: Pick<Account, 'email' | 'password'>) {
  await signIn(page, account);
  await expect(page).toHaveURL(/\/welcome$/);
}

function panel(page: Page, locale: Locale = 'gb') {
  return page.getByRole('dialog', { name: TEXTS[locale].panel });
}

async function openPanel(page: Page, locale: Locale = 'gb') {
  await page.getByRole('button', { name: TEXTS[locale].open }).click();
  await expect(panel(page, locale)).toBeVisible();
}

async function mailsTo(address: string): Promise<string[]> {
  const outbox = path.join(DATA_DIR, 'outbox');
  const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const mails = await Promise.all(files.map((f) => readFile(path.join(outbox, f), 'utf8')));
  return mails.filter((mail) => new RegExp(`^To: .*${address}`, 'mi').test(mail));
}

test('a patient asks from a phone, the admin answers from the inbox, the reply arrives by poll and by mail', async ({
  browser,
}) => {
  const question = `Can I take my tablets with food? (${Date.now()})`;
  const answer = `Yes, with a light meal is best. (${Date.now()})`;
  // A patient of its own: events are per user, and other specs sign the demo patient in at the same time.
  const account = await createVerifiedPatient('messenger-trip', 'Marisol');
  const patientContext = await openContext(browser, PHONE);
  const adminContext = await openContext(browser, DESKTOP);
  const patient = await patientContext.newPage();
  const admin = await adminContext.newPage();
  try {
    await signedInPatient(patient, account);
    await openPanel(patient);
    // Full-screen on a phone, with focus in the composer.
    const box = await panel(patient).boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
    // Over the navbar: its close button is reachable on a phone.
    await expect(panel(patient).getByRole('button', { name: 'Close messages' })).toBeInViewport();
    await panel(patient).getByRole('button', { name: 'Close messages' }).click({ trial: true });
    const composer = patient.getByRole('textbox', { name: TEXTS.gb.message });
    await expect(composer).toBeFocused();
    await composer.fill(question);
    await composer.press('Enter');
    // In the conversation, not the composer, which may still hold the text for a moment.
    await expect(panel(patient).getByRole('listitem').filter({ hasText: question })).toBeVisible();
    await expect(composer).toHaveValue('');

    const mailsBefore = (await mailsTo(account.email)).length;
    await signIn(admin, ADMIN);
    await admin.getByRole('link', { name: TEXTS.gb.inbox, exact: true }).click();
    await expect(admin).toHaveURL(/\/messages/);
    await admin.getByRole('button', { name: /Marisol Tester/ }).click();
    const thread = admin.getByRole('article', { name: 'Conversation with Marisol Tester' });
    await expect(thread.getByText(question)).toBeVisible();
    const reply = thread.getByRole('textbox', { name: 'Reply to Marisol Tester' });
    await reply.fill(answer);
    await thread.getByRole('button', { name: 'Send' }).click();
    await expect(thread.getByRole('list', { name: 'Conversation' }).getByText(answer)).toBeVisible();
    await expect(reply).toHaveValue('');

    // The patient's 10 s event poll brings it in; no reload, no second polling loop.
    await expect(panel(patient).getByText(answer)).toBeVisible({ timeout: 25_000 });
    await expect(panel(patient).getByRole('listitem').filter({ hasText: answer })).toContainText(
      'Alex Admin',
    );

    let mail = '';
    await expect
      .poll(async () => {
        const mails = await mailsTo(account.email);
        mail = mails.length > mailsBefore ? (mails.at(-1) ?? '') : '';
        return mail;
      })
      .toMatch(/Subject: .*reply/i);
    const decoded = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(decoded).toContain('/welcome?chat=open');
    expect(decoded).not.toContain('light meal');
    expect(decoded).not.toContain('tablets');

    await shot(patient, 'messenger-panel-phone-gb');
    await admin.reload();
    await expect(thread.getByText(answer)).toBeVisible();
    await shot(admin, 'messages-inbox-desktop-gb');
  } finally {
    await patientContext.close();
    await adminContext.close();
  }
});

test('a file that is not PNG, JPEG or PDF by content is refused; a real image is kept', async ({
  browser,
}) => {
  const account = await createVerifiedPatient('messenger-file');
  const context = await openContext(browser, DESKTOP);
  const page = await context.newPage();
  try {
    await signedInPatient(page, account);
    await openPanel(page);
    const picker = panel(page).locator('input[type="file"]');
    await picker.setInputFiles({
      name: 'scan.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<html><body>not an image</body></html>'),
    });
    await panel(page).getByRole('button', { name: 'Send' }).click();
    await expect(panel(page).getByRole('alert')).toContainText(TEXTS.gb.fileType);
    await expect(panel(page).getByRole('listitem')).toHaveCount(0);

    await picker.setInputFiles(path.join(import.meta.dirname, 'fixtures/insurance-card-front.png'));
    await panel(page).getByRole('textbox', { name: TEXTS.gb.message }).fill('My insurance card');
    await panel(page).getByRole('button', { name: 'Send' }).click();
    await expect(
      panel(page).getByRole('button', { name: /Download insurance-card-front\.png/ }),
    ).toBeVisible();
    await expect(panel(page).getByRole('alert')).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('the open panel survives a reload in its tab, not a new tab; Escape closes it and logout logs the chat out', async ({
  browser,
}) => {
  const account = await createVerifiedPatient('messenger-state');
  const context = await openContext(browser, DESKTOP);
  const page = await context.newPage();
  try {
    await signedInPatient(page, account);
    await openPanel(page);
    await page.reload();
    await expect(panel(page)).toBeVisible();
    expect(await page.evaluate((key) => sessionStorage.getItem(key), OPEN_KEY)).toBe('1');

    const other = await context.newPage();
    await other.goto('/welcome');
    await expect(other.getByRole('button', { name: TEXTS.gb.open })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(panel(other)).toHaveCount(0);
    await other.close();

    await panel(page).getByRole('textbox', { name: TEXTS.gb.message }).focus();
    await page.keyboard.press('Escape');
    await expect(panel(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: TEXTS.gb.open })).toBeFocused();
    expect(await page.evaluate((key) => sessionStorage.getItem(key), OPEN_KEY)).toBeNull();

    await openPanel(page);
    await page.getByRole('button', { name: /account menu$/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expectOnLogin(page);
    expect(await page.evaluate((key) => sessionStorage.getItem(key), OPEN_KEY)).toBeNull();
    await signedInPatient(page, account);
    await expect(page.getByRole('button', { name: TEXTS.gb.open })).toHaveAttribute('aria-expanded', 'false');
    await expect(panel(page)).toHaveCount(0);
  } finally {
    await context.close();
  }
});

for (const locale of ['gb', 'cn'] as const) {
  test(`axe: the bubble, the open panel and the inbox are clean (${locale})`, async ({ browser }) => {
    const account = await createVerifiedPatient(`messenger-axe-${locale}`);
    const patientContext = await openContext(browser, PHONE, locale);
    const adminContext = await openContext(browser, DESKTOP, locale);
    const patient = await patientContext.newPage();
    const admin = await adminContext.newPage();
    try {
      await signedInPatient(patient, account);
      await expect(patient.getByRole('button', { name: TEXTS[locale].open })).toBeVisible();
      await expectNoAxeViolations(patient, `messenger bubble ${locale}`);
      await openPanel(patient, locale);
      const composer = patient.getByRole('textbox', { name: TEXTS[locale].message });
      await composer.fill(locale === 'cn' ? '请问周六营业吗？' : 'Are you open on Saturday?');
      await composer.press('Enter');
      await expect(panel(patient, locale).getByRole('listitem')).toHaveCount(1);
      await expectNoAxeViolations(patient, `messenger panel ${locale}`);
      if (locale === 'cn') await shot(patient, 'messenger-panel-phone-cn');

      await signIn(admin, ADMIN);
      await expect(admin).not.toHaveURL(/\/auth\//);
      await admin.goto('/messages');
      await admin
        .getByRole('button', { name: new RegExp(`${account.firstName} Tester`) })
        .first()
        .click();
      await expect(admin.getByRole('article')).toBeVisible();
      // Opening the thread read it: its unread count leaves the list.
      await expect(admin.locator('.thread-item--current .thread-item__unread')).toHaveCount(0);
      await expectNoAxeViolations(admin, `messages inbox ${locale}`);
      if (locale === 'cn') await shot(admin, 'messages-inbox-desktop-cn');
    } finally {
      await patientContext.close();
      await adminContext.close();
    }
  });
}
