import { expect, test } from '@playwright/test';
import { createVerifiedPatient } from './support/accounts.ts';
import { signIn } from './support/session.ts';
import { CARD_IMAGE, CARD_PDF, expectStep, openIntake } from './intake-fixtures.ts';

test('a draft typed but not saved is restored after a reload', async ({ page }) => {
  const patient = await createVerifiedPatient('intake-draft');
  await signIn(page, patient);
  await expect(page).toHaveURL(/\/welcome$/);
  await openIntake(page, 'contact');
  await page.getByLabel('Address line 1').fill('7 Draft Lane');
  // Half typed: the server checks every field of a draft, so this one waits for more.
  await page.getByLabel('Mobile phone').fill('+44 77');
  await expect(page.getByText(/^Draft saved at \d{1,2}:\d{2}/)).toBeVisible();
  // Saving a draft is not restoring one.
  await expect(page.getByText('Draft restored.')).toHaveCount(0);

  await page.reload();
  await expectStep(page, 2, 'Contact');
  await expect(page.getByText('Draft restored.')).toBeVisible();
  await expect(page.getByLabel('Address line 1')).toHaveValue('7 Draft Lane');
  await expect(page.getByLabel('E-mail address')).toHaveValue(patient.email);
  await expect(page.getByLabel('Mobile phone')).toHaveValue('');
  await expect(
    page
      .getByRole('navigation', { name: 'Intake form steps' })
      .getByRole('link', { name: /^Contact \(in progress\)/ }),
  ).toBeVisible();
});

test('leaving a step saves its draft at once', async ({ page }) => {
  const patient = await createVerifiedPatient('intake-leave');
  await signIn(page, patient);
  await expect(page).toHaveURL(/\/welcome$/);
  await openIntake(page, 'treating-practitioner');
  await page.getByLabel('Practitioner’s name').fill('Dr Quick Leaver');
  const draftSaved = page.waitForResponse(
    (r) => r.url().includes('/patient/treating_practitioner/') && r.request().method() === 'POST',
  );
  await page
    .getByRole('navigation', { name: 'Intake form steps' })
    .getByRole('link', { name: /^Profile/ })
    .click();
  expect((await draftSaved).status()).toBe(200);
  await expectStep(page, 1, 'Profile');
  await page
    .getByRole('navigation', { name: 'Intake form steps' })
    .getByRole('link', { name: /^Treating practitioner/ })
    .click();
  await expect(page.getByText('Draft restored.')).toBeVisible();
  await expect(page.getByLabel('Practitioner’s name')).toHaveValue('Dr Quick Leaver');
});

test('a save over a newer one from another tab says so and reloads the section', async ({
  page,
  context,
}) => {
  const patient = await createVerifiedPatient('intake-conflict');
  await signIn(page, patient);
  await expect(page).toHaveURL(/\/welcome$/);
  await openIntake(page, 'treating-practitioner');
  const other = await context.newPage();
  await openIntake(other, 'treating-practitioner');

  await other.getByLabel('Practitioner’s name').fill('Dr Other Tab');
  await other.getByRole('button', { name: 'Save and continue' }).click();
  await expectStep(other, 5, 'Insurance');

  await page.getByLabel('Practitioner’s name').fill('Dr This Tab');
  // Its draft saved first: the draft's answer names the other tab's newer version, and the
  // whole save must still be refused as a save over it.
  await expect(page.getByText(/^Draft saved at /)).toBeVisible();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'changed in another window or tab' });
  await expect(alert).toBeVisible();
  await alert.getByRole('button', { name: 'Reload this section' }).click();
  await expect(page.getByText('This section now shows what was last saved.')).toBeVisible();
  await expect(page.getByLabel('Practitioner’s name')).toHaveValue('Dr Other Tab');
  // Saved again from the reloaded version, it goes through.
  await page.getByLabel('Practitioner’s name').fill('Dr This Tab');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expectStep(page, 5, 'Insurance');
});

test('card uploads: the server refuses a file that is not an image or PDF by content (10415), the client a wrong type or size', async ({
  page,
}) => {
  const patient = await createVerifiedPatient('intake-card');
  await signIn(page, patient);
  await expect(page).toHaveURL(/\/welcome$/);
  await openIntake(page, 'insurance');
  await page.getByRole('button', { name: 'Add insurance' }).click();
  await page.getByLabel('Type of insurance').selectOption('medicare');
  await page.getByLabel('Insurer').fill('Medicare');
  await page.getByLabel('Member ID').fill('1EG4-TE5-MK72');
  await page.getByRole('button', { name: 'Save insurance' }).click();
  await expect(page.getByRole('heading', { level: 3, name: 'Medicare' })).toBeFocused();
  await expect(page.getByText('Main insurance')).toBeVisible();

  const front = page.getByLabel('Upload front of your Medicare card');
  // Named .png and declared image/png, but its bytes are text: only the server can tell.
  const refused = page.waitForResponse((r) => r.url().includes('/patient/insurance/card/'));
  await front.setInputFiles({
    name: 'card.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not really a picture'),
  });
  const answer = await refused;
  expect(answer.status()).toBe(415);
  expect((await answer.json()) as unknown).toMatchObject({ code: 10415, message: 'File type is incorrect' });
  await expect(page.getByRole('alert').filter({ hasText: 'File type is incorrect' })).toBeVisible();
  await expect(front).toHaveAttribute('aria-invalid', 'true');

  await front.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('File type is incorrect. Choose a PNG, JPEG or PDF file.')).toBeVisible();
  await front.setInputFiles({
    name: 'huge.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 0xff),
  });
  await expect(page.getByText('The file is larger than 5 MB.', { exact: false })).toBeVisible();

  // A PDF shows as a PDF icon; an image as itself.
  await page.getByLabel('Upload back of your Medicare card').setInputFiles(CARD_PDF);
  await expect(page.locator('.card-thumb--pdf')).toContainText('PDF document');
  await front.setInputFiles(CARD_IMAGE);
  await expect(page.getByRole('img', { name: 'Front of your Medicare card' })).toBeVisible();
  await expect(page.getByLabel('Replace front of your Medicare card')).toBeVisible();
});

test('insurance: a second coverage, the primary toggle and deletion with confirmation', async ({ page }) => {
  const patient = await createVerifiedPatient('intake-coverages');
  await signIn(page, patient);
  await expect(page).toHaveURL(/\/welcome$/);
  await openIntake(page, 'insurance');
  for (const [type, payer] of [
    ['commercial', 'Harbour Health Plan'],
    ['medicaid', 'State Medicaid'],
  ] as const) {
    await page.locator('#add-coverage').click();
    await page.getByLabel('Type of insurance').selectOption(type);
    await page.getByLabel('Insurer').fill(payer);
    await page.getByLabel('Member ID').fill(`M-${type}`);
    await page.getByRole('button', { name: 'Save insurance' }).click();
    await expect(page.locator(`#coverage-${type}-heading`)).toBeFocused();
  }
  const medicaid = page.locator('article.coverage').filter({ hasText: 'State Medicaid' });
  await medicaid.getByRole('button', { name: 'Make this my main insurance Medicaid' }).click();
  await expect(page.getByText('Medicaid is now your main insurance.')).toBeVisible();
  await expect(medicaid.getByText('Main insurance')).toBeVisible();
  await expect(page.locator('article.coverage .badge--primary')).toHaveCount(1);

  await page.getByRole('button', { name: 'Delete Private insurance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your Private insurance?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Delete Private insurance' }).click();
  await dialog.getByRole('button', { name: 'Delete insurance' }).click();
  await expect(page.getByText('Private insurance was deleted.')).toBeVisible();
  await expect(page.locator('article.coverage')).toHaveCount(1);
  await expect(page.locator('#add-coverage')).toBeFocused();
});

test('with no insurance declared, the intake can be submitted', async ({ page }) => {
  const patient = await createVerifiedPatient('intake-no-insurance');
  await signIn(page, patient);
  await expect(page).toHaveURL(/\/welcome$/);
  await openIntake(page, 'review');
  await page.getByRole('button', { name: 'Submit intake form' }).click();
  const summary = page.locator('.error-summary');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([
    'Profile',
    'Contact',
    'Emergency contacts',
    'Treating practitioner',
    'Insurance',
    'Medical history',
  ]);
  await page.getByLabel('I have no health insurance').check();
  await page.getByRole('button', { name: 'Submit intake form' }).click();
  await expect(summary.getByRole('link', { name: 'Insurance' })).toHaveCount(0);
});
