import { expect, test, type Page } from '@playwright/test';
import { INTAKE_RESOURCE_NAMES } from '@portal/protocol';
import { SAMPLE_INTAKE } from '@portal/server/testing';
import { signedInClient, userIdOf } from './clinic-fixtures.ts';
import { expectPdfShown, patientWithConsentForm } from './documents-fixtures.ts';
import { createVerifiedPatient } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { ADMIN } from './support/portal.ts';
import { shot } from './support/screenshot.ts';
import { signIn } from './support/session.ts';

/**
 * Confirmations in the real app: staff confirm marking an intake reviewed and
 * reopening a review (which puts the intake back on the worklist), and a patient confirms a
 * decline before it is sent.
 */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 667 };

const RUNS = [
  {
    locale: 'gb',
    viewport: DESKTOP,
    size: 'desktop',
    markReviewed: 'Mark reviewed',
    reviewedTitle: 'Mark the intake reviewed?',
    reopen: 'Reopen review',
    reopenTitle: 'Reopen the review?',
    cancel: 'Cancel',
    waiting: /waiting for review/,
    reviewed: 'The intake is marked reviewed.',
    reopened: 'The review is reopened: the intake waits for review again.',
    search: 'Find a patient',
    noMatch: 'Nothing in this queue matches.',
  },
  {
    locale: 'cn',
    viewport: PHONE,
    size: 'phone',
    markReviewed: '标记为已审核',
    reviewedTitle: '将入院登记表标记为已审核？',
    reopen: '重新打开审核',
    reopenTitle: '重新打开审核？',
    cancel: '取消',
    waiting: /等待审核/,
    reviewed: '入院登记表已标记为已审核。',
    reopened: '审核已重新打开：入院登记表重新等待审核。',
    search: '查找患者',
    noMatch: '此队列中没有符合条件的事项。',
  },
] as const;

/** Letters only (names refuse digits), different on every run. */
const runTag = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** A fresh patient who handed in the whole intake (without insurance) through the API. */
async function handedIn(label: string, firstName: string) {
  const account = await createVerifiedPatient(label, firstName);
  const patient = await signedInClient(account);
  for (const name of INTAKE_RESOURCE_NAMES) {
    const { version } = await patient.get<{ version: number }>(`/patient/${name}/`);
    const value =
      name === 'profile'
        ? { ...SAMPLE_INTAKE.profile, first_name: firstName, last_name: 'Tester' }
        : SAMPLE_INTAKE[name];
    await patient.post(`/patient/${name}/`, { version, value }, { encrypt: true });
  }
  await patient.post('/patient/intake/submit/', { no_insurance: true }, { encrypt: true });
  return { ...account, id: await userIdOf(account.email) };
}

/** The patient's row in the intake queue, found by the worklist's search. */
async function intakeRows(page: Page, search: string, name: string) {
  await page.goto('/users?view=attention&queue=intake_new');
  const box = page.getByRole('searchbox', { name: search });
  await box.fill(name);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${name}`));
  return page.locator('.worklist tbody tr');
}

for (const run of RUNS) {
  test(`marking an intake reviewed and reopening the review are confirmed first (${run.locale}, ${run.size})`, async ({
    page,
    context,
  }) => {
    const firstName = `Rv${runTag()}`;
    const patient = await handedIn(`review-${run.locale}`, firstName);
    await context.addInitScript((value) => localStorage.setItem('portal.locale', value), run.locale);
    await page.setViewportSize(run.viewport);
    await signIn(page, ADMIN);
    await expect(page).toHaveURL(/\/users$/);
    await page.goto(`/users/${patient.id}`);
    const panel = page.locator('.review-panel');
    await expect(panel).toContainText(run.waiting);

    // Cancel leaves the intake waiting.
    await panel.getByRole('button', { name: run.markReviewed, exact: true }).click();
    let dialog = page.getByRole('alertdialog', { name: run.reviewedTitle });
    await expect(dialog.getByRole('button', { name: run.cancel })).toBeFocused();
    await expectNoAxeViolations(page, `mark reviewed dialog (${run.locale})`);
    await shot(page, `clinic-review-confirm-${run.size}-${run.locale}`);
    await dialog.getByRole('button', { name: run.cancel }).click();
    await expect(dialog).toHaveCount(0);
    await expect(panel).toContainText(run.waiting);
    await expect(panel.getByRole('button', { name: run.markReviewed, exact: true })).toBeFocused();

    await panel.getByRole('button', { name: run.markReviewed, exact: true }).click();
    await dialog.getByRole('button', { name: run.markReviewed, exact: true }).click();
    await expect(panel.getByRole('status')).toHaveText(run.reviewed);
    await expect(panel.getByRole('button', { name: run.markReviewed, exact: true })).toHaveCount(0);

    // Reviewed, it has left the intake queue…
    let rows = await intakeRows(page, run.search, firstName);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveText(run.noMatch);

    // …and reopening the review, once confirmed, puts it back.
    await page.goto(`/users/${patient.id}`);
    await panel.getByRole('button', { name: run.reopen, exact: true }).click();
    dialog = page.getByRole('alertdialog', { name: run.reopenTitle });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, `reopen dialog (${run.locale})`);
    await shot(page, `clinic-reopen-dialog-${run.size}-${run.locale}`);
    await dialog.getByRole('button', { name: run.reopen, exact: true }).click();
    await expect(panel.getByRole('status')).toHaveText(run.reopened);
    await expect(panel).toContainText(run.waiting);

    rows = await intakeRows(page, run.search, firstName);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`${firstName} Tester`);
  });
}

test('a patient’s decline is confirmed before it is sent; cancel sends nothing', async ({ page }) => {
  const patient = await patientWithConsentForm('decline-confirm');
  await page.setViewportSize(DESKTOP);
  await signIn(page, patient);
  await expect(page).toHaveURL(/\/welcome$/);
  await page.goto(`/welcome/documents/${patient.documentId}`);
  await expectPdfShown(page);
  const reason = 'I want to read it with my daughter first.';
  const reject = page.locator('details.reject-form');
  await reject.locator('summary').click();
  await reject.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await reject.getByRole('button', { name: 'Decline', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Decline to sign this document?' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page, 'decline confirm dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(reject.getByRole('button', { name: 'Decline', exact: true })).toBeFocused();

  // Nothing was sent: after a reload the document still awaits a signature or a decline.
  await page.reload();
  await expectPdfShown(page);
  await expect(page.locator('details.reject-form')).toBeVisible();
  await expect(page.getByText('You declined to sign this document.')).toHaveCount(0);

  await reject.locator('summary').click();
  await reject.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await reject.getByRole('button', { name: 'Decline', exact: true }).click();
  await dialog.getByRole('button', { name: 'Decline', exact: true }).click();
  await expect(page.getByText('You declined to sign this document.')).toBeVisible();
  await expect(page.getByText(reason, { exact: false })).toBeVisible();
  await expect(page.locator('details.reject-form')).toHaveCount(0);
});
