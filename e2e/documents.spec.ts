import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { userIdOf } from './clinic-fixtures.ts';
import { ADMIN, PATIENT } from './support/portal.ts';
import { signIn } from './support/session.ts';
import { drawSignature, expectPdfShown, patientWithConsentForm, pdfsig } from './documents-fixtures.ts';

test('a patient draws a signature with the mouse, downloads the signed PDF, and pdfsig validates it', async ({
  page,
}, testInfo) => {
  const patient = await patientWithConsentForm('signs');
  await signIn(page, patient);
  await expect(page.getByText('Awaiting your signature: 1')).toBeVisible();
  await page.getByRole('link', { name: /Open\s*: Documents awaiting signature/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Documents & Forms' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Awaiting Your Signature\s*1/ })).toBeVisible();
  await page.getByRole('link', { name: 'Consent to home medical device therapy' }).click();
  await expectPdfShown(page);

  await page.getByRole('button', { name: 'Sign document' }).click();
  await expect(page.getByText('Tick the box to agree before you sign.')).toBeVisible();
  await drawSignature(page);
  await page.getByRole('checkbox', { name: /I agree to sign it electronically/ }).check();
  await page.getByRole('button', { name: 'Sign document' }).click();
  await expect(page.getByText('Thank you. The document is signed.')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.status-badge')).toHaveText('Signed');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download signed PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('consent-to-home-medical-device-therapy-signed.pdf');
  const file = testInfo.outputPath('signed.pdf');
  await download.saveAs(file);
  const report = await pdfsig(file);
  expect(report).toContain('Signature is Valid');
  expect(report).toContain('Total document signed');
});

test('a patient declines to sign and gives a reason', async ({ page }) => {
  const patient = await patientWithConsentForm('declines');
  await signIn(page, patient);
  await expect(page).toHaveURL(/\/welcome$/);
  await page.goto(`/welcome/documents/${patient.documentId}`);
  await expectPdfShown(page);
  await page.getByText('Decline to sign', { exact: true }).click();
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText('Please give a reason.')).toBeVisible();
  await page.getByLabel('Reason').fill('I would like to talk to my doctor about the risks first.');
  await page.getByRole('button', { name: 'Decline' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText('You declined to sign this document.')).toBeVisible();
  await expect(page.locator('.status-badge')).toHaveText('Rejected');
  await expect(
    page.getByText('Your reason: I would like to talk to my doctor about the risks first.'),
  ).toBeVisible();
});

test("another patient's document answers 'not found', not its content", async ({ page }) => {
  const owner = await patientWithConsentForm('owner');
  await signIn(page, PATIENT);
  await expect(page).toHaveURL(/\/welcome$/);
  await page.goto(`/welcome/documents/${owner.documentId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'This document was not found.' })).toBeVisible();
});

test('the reference documents page lists the clinic PDFs to read and download', async ({ page }) => {
  await signIn(page, PATIENT);
  await expect(page).toHaveURL(/\/welcome$/);
  await page.goto('/welcome/reference-documents');
  await expect(page.getByRole('heading', { level: 2, name: 'Privacy acknowledgement' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: /Download PDF\s*: Privacy acknowledgement/ }).click();
  expect((await downloading).suggestedFilename()).toBe('privacy-acknowledgement.pdf');
  await page.getByRole('link', { name: /Read\s*: Privacy acknowledgement/ }).click();
  await expectPdfShown(page);
});

for (const locale of ['gb', 'cn'] as const) {
  test(`documents screens are axe-clean (${locale})`, async ({ page, context }) => {
    await context.addInitScript((value) => localStorage.setItem('portal.locale', value), locale);
    const patient = await patientWithConsentForm(`axe-${locale}`);
    await signIn(page, patient);
    await expect(page).toHaveURL(/\/welcome$/);
    await page.goto('/welcome/documents');
    await expect(page.locator('.document-row').first()).toBeVisible();
    await expectNoAxeViolations(page, `documents list ${locale}`);
    await page.goto(`/welcome/documents/${patient.documentId}`);
    await expectPdfShown(page);
    await expect(page.getByRole('checkbox')).toBeVisible();
    await expectNoAxeViolations(page, `document signing ${locale}`);
    await page.goto('/welcome/reference-documents');
    await expect(page.locator('.document-row').first()).toBeVisible();
    await expectNoAxeViolations(page, `reference documents ${locale}`);
  });
}

const ALREADY_OPEN = {
  gb: 'This patient already has this form open: in progress, awaiting their signature or submitted. It was not sent again.',
  cn: '该患者已有此表单尚未完成（填写中、待签署或已提交），因此未再次发送。',
} as const;

for (const locale of ['gb', 'cn'] as const) {
  test(`sending a form the patient already has open says so and sends nothing (${locale})`, async ({
    page,
    context,
  }) => {
    await context.addInitScript((value) => localStorage.setItem('portal.locale', value), locale);
    const patient = await patientWithConsentForm(`twice-${locale}`);
    await signIn(page, ADMIN);
    await expect(page).not.toHaveURL(/\/auth\//);
    await page.goto(`/users/${await userIdOf(patient.email)}`);
    const documents = page.locator('section[aria-labelledby="patient-documents-title"]');
    await expect(documents.getByRole('article')).toHaveCount(1);
    const form = documents.locator('form.assign-document');
    await form.locator('select').selectOption({ label: 'Consent to home medical device therapy' });
    await form.locator('button[type="submit"]').click();
    await expect(form.getByRole('alert')).toHaveText(ALREADY_OPEN[locale]);
    await expect(documents.getByRole('article')).toHaveCount(1);
    await expectNoAxeViolations(page, `document already open (${locale})`);
  });
}
