import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedPatient } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { ADMIN } from './support/portal.ts';
import { signIn } from './support/session.ts';
import { pdfsig } from './documents-fixtures.ts';
import { writeConsentPdf, writeScriptPdf, writeTextAsPdf } from './library-fixtures.ts';
import { shot } from './support/screenshot.ts';

/** docs/screenshots/: the library's screens as staff see them. */

/** Presses a key on whatever has the focus, `times` times. */
async function press(page: Page, key: string, times = 1) {
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}

/** Adds a field of `kind` through the keyboard only: the kind radio, then the add button. */
async function addFieldByKeyboard(page: Page, kind: string) {
  await page.getByRole('radio', { name: kind, exact: true }).focus();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: `Add field: ${kind}` }).focus();
  await page.keyboard.press('Enter');
}

async function openUploadDialog(page: Page) {
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/users$/);
  await page.getByRole('link', { name: 'Documents & Forms' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Documents & Forms' })).toBeVisible();
  await page.getByRole('button', { name: 'Upload a document' }).click();
  return page.getByRole('dialog', { name: 'Upload a document' });
}

test('an administrator uploads a consent in gb and cn, places fields by keyboard, publishes and sends it; a Chinese reader signs the cn edition on a phone', async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const patient = await createVerifiedPatient('library-cn', 'Mei', 'cn');
  const title = `Photography consent ${Date.now()}`;
  const gbPdf = await writeConsentPdf(testInfo.outputPath('consent-gb.pdf'), [
    'Consent to clinical photography',
    'I agree that the clinic may photograph my treatment area.',
  ]);
  const cnPdf = await writeConsentPdf(testInfo.outputPath('consent-cn.pdf'), [
    'Consent to clinical photography - Chinese edition',
    'Signature and date below.',
  ]);

  const staff = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await staff.newPage();
  const dialog = await openUploadDialog(page);
  await expectNoAxeViolations(page, 'the documents library with the upload dialog');
  const gb = dialog.getByRole('group', { name: 'English edition' });
  const cn = dialog.getByRole('group', { name: 'Chinese edition (optional)' });
  await gb.getByLabel('PDF file').setInputFiles(gbPdf);
  await gb.getByLabel('Title', { exact: true }).fill(title);
  await gb.getByLabel('Description').fill('Photographs for your care record.');
  await cn.getByLabel('PDF file').setInputFiles(cnPdf);
  await cn.getByLabel('Title', { exact: true }).fill('临床拍照同意书');
  await cn.getByLabel('Description').fill('用于您的护理记录的照片。');
  await shot(page, 'library-upload-filled-desktop-gb');
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();

  // The editor: the English edition's page drawn by pdf.js, no fields yet.
  await expect(page).toHaveURL(/\/document-library\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('.field-editor__canvas').first()).toBeVisible();

  await addFieldByKeyboard(page, 'Signature');
  await expect(page.locator('.field-box').first()).toBeFocused();
  await press(page, 'Shift+ArrowDown', 15);
  await press(page, 'Alt+ArrowRight');
  await addFieldByKeyboard(page, 'Date');
  await expect(page.locator('.field-box').nth(1)).toBeFocused();
  await press(page, 'Shift+ArrowDown', 15);
  await press(page, 'Shift+ArrowRight', 8);
  // Centred on A4 (595 × 842 points), then moved: the list states the boxes in PDF points.
  await expect(
    page.getByRole('button', {
      name: 'Field 1: Signature, page 1, 208 by 101 points from the bottom left, 182 by 40 points',
    }),
  ).toHaveCount(2);
  await expect(
    page.getByRole('button', {
      name: 'Field 2: Date, page 1, 408 by 111 points from the bottom left, 100 by 20 points',
    }),
  ).toHaveCount(2);
  await expectNoAxeViolations(page, 'the field editor');
  await shot(page, 'library-editor-keyboard-desktop-gb');
  await page.getByRole('button', { name: 'Save fields' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  await expect(
    page.getByRole('button', { name: /^Field 2: Date, page 1, 408 by 111/ }).first(),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Preview as the patient sees it' }).click();
  await expect(page.getByText('Sign here', { exact: true })).toBeVisible();
  await shot(page, 'library-preview-placed-desktop-gb');
  await page.getByRole('button', { name: 'Preview as the patient sees it' }).click();

  // The Chinese edition has no signature field yet: publishing says which edition lacks it.
  await page.getByRole('button', { name: 'Publish version 1' }).click();
  await expect(
    page.getByText(
      'The Chinese edition needs a signature field before a form for signature can be published.',
    ),
  ).toBeVisible();
  await page.getByRole('radio', { name: 'Chinese' }).check();
  await expect(page.locator('.field-editor__canvas').first()).toBeVisible();
  await addFieldByKeyboard(page, 'Signature');
  await press(page, 'Shift+ArrowDown', 15);
  await addFieldByKeyboard(page, 'Date');
  await press(page, 'Shift+ArrowDown', 15);
  await press(page, 'Shift+ArrowRight', 8);
  await page.getByRole('button', { name: 'Save fields' }).click();
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  await page.getByRole('button', { name: 'Publish version 1' }).click();
  await expect(page.getByText('For signature · Published · editing version 1 (Published)')).toBeVisible();

  await page.getByRole('button', { name: 'Send to patients' }).click();
  const send = page.getByRole('dialog', { name: `Send “${title}”` });
  await send.getByLabel('Find patients by name or e-mail').fill(patient.email);
  await send.getByRole('checkbox', { name: new RegExp(patient.email) }).check();
  await send.getByRole('button', { name: 'Send to 1 patient' }).click();
  await expect(send.getByText('Sent to 1 patient.')).toBeVisible();
  await staff.close();

  // The patient reads Chinese and signs on a phone.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  await phone.addInitScript(() => localStorage.setItem('portal.locale', 'cn'));
  const mobile = await phone.newPage();
  await signIn(mobile, patient);
  await expect(mobile).toHaveURL(/\/welcome$/);
  await mobile.goto('/welcome/documents');
  await mobile.getByRole('link', { name: '临床拍照同意书' }).click();
  await expect(mobile.getByRole('heading', { level: 1, name: '临床拍照同意书' })).toBeVisible();
  await expect(mobile.locator('.pdf-viewer__page').first()).toBeVisible();
  await expect(mobile.getByText('此文件暂无中文版')).toHaveCount(0);
  await mobile.getByRole('radio', { name: '输入姓名' }).check();
  await mobile.getByLabel('您的全名').fill('Mei Tester');
  await mobile.locator('input[name="consent"]').check();
  await mobile.getByRole('button', { name: '签署文件' }).click();
  await expect(mobile.getByText('谢谢，文件已签署。')).toBeVisible({ timeout: 30_000 });

  const downloading = mobile.waitForEvent('download');
  await mobile.getByRole('button', { name: '下载已签署的 PDF' }).click();
  const file = testInfo.outputPath('signed-cn.pdf');
  await (await downloading).saveAs(file);
  const report = await pdfsig(file);
  expect(report).toContain('Signature is Valid');
  const { stdout: text } = await promisify(execFile)('pdftotext', [file, '-']);
  expect(text).toContain('Consent to clinical photography - Chinese edition');
  expect(text).toContain('Template version 1, Chinese edition (cn)');
  await phone.close();
});

test('a non-PDF and a script-bearing PDF are refused with their messages', async ({ page }, testInfo) => {
  const dialog = await openUploadDialog(page);
  const gb = dialog.getByRole('group', { name: 'English edition' });
  await gb.getByLabel('PDF file').setInputFiles(writeTextAsPdf(testInfo.outputPath('letter.txt')));
  await expect(gb.getByText('Choose a PDF file.')).toBeVisible();

  await gb.getByLabel('PDF file').setInputFiles(writeTextAsPdf(testInfo.outputPath('letter.pdf')));
  await gb.getByLabel('Title', { exact: true }).fill('Not a PDF');
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  const refused = dialog.getByRole('alert').filter({ hasText: 'This file was refused' });
  await expect(refused).toHaveText(
    'This file was refused: it is not a PDF, or it is encrypted, or it carries scripts or actions. Save it again as a plain PDF.',
  );

  await gb.getByLabel('PDF file').setInputFiles(await writeScriptPdf(testInfo.outputPath('script.pdf')));
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(refused).toBeVisible();
  await expect(page).toHaveURL(/\/document-library$/);
});

test('opening a reference document marks it read: the welcome count drops and the list says when', async ({
  page,
}) => {
  const patient = await createVerifiedPatient('reads');
  await signIn(page, patient);
  await expect(page).toHaveURL(/\/welcome$/);
  const card = page.getByText(/^Documents to read: \d+$/);
  const before = Number(/\d+/.exec((await card.textContent()) ?? '')?.[0]);
  expect(before).toBeGreaterThan(0);
  await page.goto('/welcome/reference-documents');
  const row = page.locator('.document-row').filter({ hasText: 'Privacy acknowledgement' });
  await expect(row.getByText('Not opened yet')).toBeVisible();
  await row.getByRole('link', { name: /Read/ }).click();
  await expect(page.locator('.pdf-viewer__page').first()).toBeVisible();
  await page.goto('/welcome/reference-documents');
  await expect(row.getByText(/^Opened on /)).toBeVisible();
  await page.goto('/welcome');
  await expect(
    before > 1
      ? page.getByText(`Documents to read: ${before - 1}`, { exact: true })
      : page.getByText('You have opened every document'),
  ).toBeVisible();
});

/** The seeded consent's title in each edition (apps/server/src/demo/seed-documents.ts). */
const DEMO_CONSENT = { gb: 'Consent to home medical device therapy', cn: '家用医疗设备治疗同意书' };

for (const locale of ['gb', 'cn'] as const) {
  test(`the library and the upload dialog are axe clean and photographed on a phone and a desktop (${locale})`, async ({
    page,
    context,
  }) => {
    await context.addInitScript((value) => localStorage.setItem('portal.locale', value), locale);
    await signIn(page, ADMIN);
    await expect(page).toHaveURL(/\/users$/);
    for (const viewport of [
      { label: 'desktop', width: 1280, height: 900 },
      { label: 'mobile', width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/document-library');
      await expect(page.locator('.data-table tbody tr').first()).toBeVisible();
      await expectNoAxeViolations(page, `the library (${viewport.label}, ${locale})`);
      await shot(page, `library-list-${viewport.label}-${locale}`);
      await page.locator('.admin-page__header button').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoAxeViolations(page, `the upload dialog (${viewport.label}, ${locale})`);
      await shot(page, `library-upload-${viewport.label}-${locale}`);
      await page.keyboard.press('Escape');

      // The demo consent, as the editor and its preview show it (nothing is saved).
      await page
        .locator('.data-table tbody tr')
        .filter({ hasText: DEMO_CONSENT[locale] })
        .first()
        .getByRole('link')
        .click();
      await expect(page.locator('.field-box').first()).toBeVisible();
      await expectNoAxeViolations(page, `the field editor (${viewport.label}, ${locale})`);
      await shot(page, `library-editor-${viewport.label}-${locale}`);
      await page.locator('.edition-editor__actions button[aria-pressed]').click();
      await expect(page.locator('.field-box--preview').first()).toBeVisible();
      await shot(page, `library-preview-${viewport.label}-${locale}`);
    }
  });
}

test('a field is moved by dragging it and resized by dragging its corner', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/users$/);
  await page.goto('/document-library');
  await page
    .locator('.data-table tbody tr')
    .filter({ hasText: DEMO_CONSENT.gb })
    .first()
    .getByRole('link')
    .click();
  const box = page.locator('.field-box').first();
  await expect(box).toBeVisible();
  // The box's name ends with its place and size in points: "… 60 by 150 points from the bottom
  // left, 220 by 60 points" (rounded).
  const geometry = async () =>
    ((await box.getAttribute('aria-label'))!.match(/\d+(?:\.\d+)?/g) ?? []).map(Number).slice(-4);
  const [x, y, width, height] = await geometry();

  await box.scrollIntoViewIfNeeded();
  const start = (await box.boundingBox())!;
  await page.mouse.move(start.x + start.width / 3, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 3 + 40, start.y + start.height / 2 + 30, { steps: 5 });
  await page.mouse.up();
  const [movedX, movedY, movedWidth, movedHeight] = await geometry();
  expect([movedX! > x!, movedY! < y!, movedWidth, movedHeight]).toEqual([true, true, width, height]);

  const grip = (await box.locator('.field-box__grip').boundingBox())!;
  await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
  await page.mouse.down();
  await page.mouse.move(grip.x + grip.width / 2 + 50, grip.y + grip.height / 2 + 20, { steps: 5 });
  await page.mouse.up();
  const [, , grownWidth, grownHeight] = await geometry();
  expect(grownWidth).toBeGreaterThan(width!);
  expect(grownHeight).toBeGreaterThan(height!);
  // The top edge stays put: a taller box reaches further down (PDF y is up, so y falls).
  const [resizedX, resizedY] = await geometry();
  expect(resizedX).toBe(movedX);
  expect(Math.abs(resizedY! + grownHeight! - (movedY! + movedHeight!))).toBeLessThanOrEqual(1);
});
