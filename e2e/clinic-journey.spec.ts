import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { ApiError } from '@portal/protocol';
import { answersTotalling, barthel } from '@portal/server/testing';
import { answerBfAdl } from './bf-adl-fixtures.ts';
import { auditRowsAbout, clinicShot, signedInClient, userIdOf } from './clinic-fixtures.ts';
import { expectPdfShown, patientWithConsentForm } from './documents-fixtures.ts';
import { ANSWERS, CARD_PDF, fillWholeIntake, openIntake } from './intake-fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { CLINICIAN, FRONT_DESK } from './support/portal.ts';
import { signIn } from './support/session.ts';

/**
 * A new patient hands in the whole intake with card images, answers the
 * BF-ADL and declines a document with a reason, all in the browser; a clinician finds them in the
 * worklist, reads every value, card and answer, exports the record and requests a change; the
 * patient hands in again; the clinician sees the changed field and marks the intake reviewed; a
 * front desk cannot open the chart; every step is in the audit log. Each run goes through the
 * journey on its own screen and language, and checks every screen with axe (and photographs it)
 * on the other size as well, so gb and cn are each checked on a desktop and on a phone.
 */

const PHONE = { width: 375, height: 667 };
const DESKTOP = { width: 1280, height: 800 };
// Typed nationally (the address is in the United Kingdom), read back the same way.
const NEW_MOBILE = { typed: '07700 900999', shown: '07700 900999' };
const BF_ADL_ANSWERS = answersTotalling(85);

/** What differs between the two runs: the language and the screen. */
const RUNS = [
  {
    locale: 'gb',
    viewport: DESKTOP,
    other: PHONE,
    contact: 'Contact',
    severity: 'Severity: Moderate',
    note: 'Please check your mobile number: we could not reach you on it.',
  },
  {
    locale: 'cn',
    viewport: PHONE,
    other: DESKTOP,
    contact: '联系方式',
    severity: '严重程度：中度',
    note: '请核对您的手机号码：我们无法通过它联系到您。',
  },
] as const;
type Run = (typeof RUNS)[number];

const REASON = 'I would like to talk to my doctor about the risks first.';

/** Signs in and waits until the portal has taken the account past the login page. */
async function signInAs(page: Page, account: { email: string; password: string }) {
  await signIn(page, account);
  await expect(page).not.toHaveURL(/\/auth\//);
}

async function signOut(page: Page) {
  await page.context().clearCookies();
  await page.evaluate(() => {
    sessionStorage.clear();
    const locale = localStorage.getItem('portal.locale');
    localStorage.clear();
    if (locale) localStorage.setItem('portal.locale', locale);
  });
}

const sizeOf = (viewport: { width: number }) => (viewport.width < 600 ? 'phone' : 'desktop');

/** axe on the screen as it is, at the run's size and then the other, each photographed when named. */
async function checkBothSizes(page: Page, run: Run, label: string, shot?: string) {
  for (const viewport of [run.viewport, run.other]) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page, `${label} (${run.locale}, ${sizeOf(viewport)})`);
    if (shot) await clinicShot(page, `${shot}-${sizeOf(viewport)}-${run.locale}`);
  }
  await page.setViewportSize(run.viewport);
}

/** Clicks an export button and keeps the file it downloads. */
async function exported(page: Page, button: number, testInfo: TestInfo) {
  const downloading = page.waitForEvent('download');
  await page.locator('.chart-exports button').nth(button).click();
  const download = await downloading;
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  return { name: download.suggestedFilename(), file };
}

for (const run of RUNS) {
  test.describe(`clinic journey (${run.locale})`, () => {
    test.use({ viewport: run.viewport });
    test.beforeEach(async ({ context }) => {
      await context.addInitScript((locale) => localStorage.setItem('portal.locale', locale), run.locale);
    });

    test(`intake handed in, read on the chart, changes requested, handed in again, reviewed (${run.locale})`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(600_000);
      const patient = await patientWithConsentForm(`journey-${run.locale}`);
      const patientId = await userIdOf(patient.email);

      // The patient hands in the whole intake with a PNG card front and a PDF card back…
      await signInAs(page, patient);
      await fillWholeIntake(page, { cardBack: CARD_PDF });
      await page.locator('.submit-panel .button--primary').click();
      await expect(page.locator('.submit-panel--done h3')).toBeFocused();

      // …answers the BF-ADL (one question per step on the phone)…
      await page.goto('/welcome/bf-adl');
      await answerBfAdl(page, BF_ADL_ANSWERS, run.locale);
      await expect(page.getByTestId('bf-adl-score')).toHaveText('85');

      // …and declines the consent form with a reason.
      await page.goto(`/welcome/documents/${patient.documentId}`);
      await expectPdfShown(page);
      const reject = page.locator('details.reject-form');
      await reject.locator('summary').click();
      await reject.locator('textarea[name="reason"]').fill(REASON);
      await reject.locator('button[type="submit"]').click();
      // A decline is confirmed first.
      await page.getByRole('alertdialog').locator('.button--danger').click();
      await expect(page.locator('.status-badge')).toBeVisible();
      await expect(page.getByText(REASON, { exact: false })).toBeVisible();
      await expect(reject).toHaveCount(0);
      await signOut(page);

      // The clinician (the demo account of the preset) sees the decline with its reason in the
      // worklist, then finds the patient among the intakes to review.
      await signInAs(page, CLINICIAN);
      await page.goto('/users?view=attention&queue=declined_documents');
      const declinedRow = page
        .locator('.worklist tbody tr')
        .filter({ has: page.locator(`a[href="/users/${patientId}"]`) });
      await expect(declinedRow).toContainText(REASON);
      await page.goto('/users?view=attention&queue=intake_new');
      await expect(page.locator(`.worklist a[href="/users/${patientId}"]`).first()).toBeVisible();
      await checkBothSizes(page, run, 'worklist');
      await page.locator(`.worklist a[href="/users/${patientId}"]`).first().click();

      // The chart: every value typed, the allergy and its severity, the BF-ADL and its answers, the decline.
      const chart = page.locator('.patient-chart');
      await expect(chart.locator('#patient-chart-title')).toBeVisible();
      await expect(chart.locator('.chart-section [role="alert"]')).toHaveCount(0);
      const values = [
        ANSWERS.profile.preferredName,
        ANSWERS.contact.mobileShown,
        ANSWERS.contact.line1,
        ANSWERS.emergency[0].name,
        ANSWERS.emergency[1].name,
        ANSWERS.practitioner.name,
        ANSWERS.coverage.payer,
        ANSWERS.coverage.memberId,
        ANSWERS.medical.conditions[0].name,
        ANSWERS.medical.medication.name,
        ANSWERS.medical.device.name,
        ANSWERS.medical.notes,
      ];
      for (const value of values)
        await expect(chart.getByText(value, { exact: false }).first()).toBeVisible();
      await expect(page.locator('.patient-documents').getByText(REASON).first()).toBeVisible();
      const allergies = chart.locator('.allergy-panel');
      await expect(allergies).toContainText(ANSWERS.medical.allergy.substance);
      await expect(allergies).toContainText(run.severity);
      await expect(chart.locator('.chart-bf-adl tbody tr')).toHaveCount(1);
      await expect(chart.locator('.chart-bf-adl tbody tr')).toContainText('85');
      const answers = chart.locator('details.chart-answers');
      await answers.locator('summary').click();
      const answerRows = answers.locator('.value-list__row');
      await expect(answerRows).toHaveCount(barthel.items.length);
      for (const [index, item] of barthel.items.entries()) {
        const option = item.options.find((o) => o.value === BF_ADL_ANSWERS[item.id])!;
        await expect(answerRows.nth(index).locator('dt')).toHaveText(item.text[run.locale]);
        await expect(answerRows.nth(index).locator('dd')).toHaveText(
          `${option.label[run.locale]} (${option.score})`,
        );
      }

      // Both card images open: the PNG front as an image, the PDF back in the PDF viewer.
      const cards = chart.locator('.chart-card');
      await expect(cards).toHaveCount(2);
      await cards.nth(0).locator('button').click();
      const image = cards.nth(0).locator('.chart-card__image');
      await expect(image).toBeVisible();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await cards.nth(1).locator('button').click();
      await expect(cards.nth(1).locator('.pdf-viewer__page').first()).toBeVisible();
      await expect(cards.nth(1).locator('.pdf-viewer__loading')).toHaveCount(0);
      await checkBothSizes(page, run, 'chart', 'chart');

      // The record for the clinic's files: a printable summary and a FHIR R4 Bundle.
      const pdf = await exported(page, 0, testInfo);
      expect(pdf.name).toMatch(/^patient-summary-\d{4}-\d{2}-\d{2}\.pdf$/);
      const { stdout: summary } = await promisify(execFile)('pdftotext', [pdf.file, '-']);
      expect(summary).toContain(ANSWERS.coverage.memberId);
      expect(summary).toContain(ANSWERS.medical.allergy.substance);
      const fhir = await exported(page, 1, testInfo);
      expect(fhir.name).toMatch(/^patient-record-\d{4}-\d{2}-\d{2}\.json$/);
      const bundle = JSON.parse(await readFile(fhir.file, 'utf8')) as {
        resourceType: string;
        entry: { resource: { resourceType: string } }[];
      };
      expect(bundle.resourceType).toBe('Bundle');
      expect(bundle.entry.map((e) => e.resource.resourceType)).toEqual(
        expect.arrayContaining(['Patient', 'Coverage', 'AllergyIntolerance']),
      );
      expect(JSON.stringify(bundle)).toContain(ANSWERS.coverage.memberId);

      // …and asks for changes to the contact section.
      await page.locator('.review-panel__actions .button--secondary').click();
      const dialog = page.locator('dialog[open]');
      await expect(dialog).toBeVisible();
      await dialog.getByLabel(run.contact, { exact: true }).check();
      await dialog.locator('textarea').fill(run.note);
      await checkBothSizes(page, run, 'review dialog', 'review-dialog');
      await dialog.locator('button[type="submit"]').click();
      await expect(dialog).toHaveCount(0);
      await expect(page.locator('.review-panel__done')).not.toBeEmpty();
      await expect(page.locator('.review-note blockquote')).toHaveText(run.note);
      await signOut(page);

      // The patient reads the note on the welcome page, changes the mobile number and hands in again.
      await signInAs(page, patient);
      const notice = page.locator('.review-notice');
      await expect(notice.locator('blockquote')).toHaveText(run.note);
      await checkBothSizes(page, run, "welcome with the clinic's note", 'welcome-note');
      await notice.getByRole('link', { name: run.contact, exact: true }).click();
      await expect(page.locator('#intake-contact-mobile_phone')).toBeVisible();
      await page.locator('#intake-contact-mobile_phone').fill(NEW_MOBILE.typed);
      await page.locator('form.intake-form button[type="submit"]').click();
      // The next step was not reopened: it is read-only.
      await expect(page.locator('.closed-section')).toBeVisible();
      await checkBothSizes(page, run, 'closed section');
      await openIntake(page, 'review');
      await page.locator('.submit-panel .button--primary').click();
      await expect(page.locator('.submit-panel--done h3')).toBeFocused();
      await signOut(page);

      // The clinician finds them among the re-submitted, sees exactly the changed field and marks the intake reviewed.
      await signInAs(page, CLINICIAN);
      await page.goto('/users?view=attention&queue=intake_resubmitted');
      await page.locator(`.worklist a[href="/users/${patientId}"]`).first().click();
      const changes = page.locator('.review-changes__table tbody tr');
      await expect(changes).toHaveCount(1);
      await expect(changes.locator('.review-changes__before')).toHaveText(ANSWERS.contact.mobileShown);
      await expect(changes.locator('.review-changes__after')).toHaveText(NEW_MOBILE.shown);
      await checkBothSizes(page, run, 'changes since the review', 'changes');
      await page.locator('.review-panel__actions .button--primary').click();
      // Marking reviewed is confirmed first; then only Reopen review is offered.
      await page.getByRole('alertdialog').locator('.button--primary').click();
      await expect(page.locator('.review-panel__done')).toBeFocused();
      await expect(page.locator('.review-panel__actions .button--primary')).toHaveCount(0);
      await signOut(page);

      // A front-desk account neither sees the chart nor is let through by the server.
      await signInAs(page, FRONT_DESK);
      const sidebar = page.locator('#sidebar-group-administration a');
      await expect(sidebar).toHaveCount(4);
      expect(await sidebar.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
        '/users',
        '/messages',
        '/document-library',
        '/equipment-catalogue',
      ]);
      await page.goto(`/users/${patientId}`);
      await expect(page.locator('.user-detail h1')).toBeVisible();
      await expect(page.locator('#patient-chart-title')).toHaveCount(0);
      await expect(page.locator('.chart-exports')).toHaveCount(0);
      await checkBothSizes(page, run, 'patient page for the front desk');
      const refused = await (
        await signedInClient(FRONT_DESK)
      )
        .get(`/admin/patients/${patientId}/chart/profile/`)
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ApiError);
      expect((refused as ApiError).code).toBe(10403);

      // Every step is in the audit log, by whom it was done.
      const trail = async (action: string) =>
        (await auditRowsAbout(patientId, action))
          .filter((row) => row.action === action)
          .map((row) => ({ by: row.actor?.email, target: row.target, detail: row.detail }));
      expect(await trail('intake.submit')).toHaveLength(2);
      expect(await trail('assessment.submit')).toEqual([
        expect.objectContaining({
          by: patient.email,
          detail: { instrument: 'barthel', version: barthel.version },
        }),
      ]);
      expect(await trail('document.reject')).toEqual([expect.objectContaining({ by: patient.email })]);
      expect(await trail('worklist.read')).toContainEqual(
        expect.objectContaining({ by: CLINICIAN.email, detail: { queue: 'declined_documents' } }),
      );
      const chartReads = (await trail('chart.read')).filter((row) => row.by === CLINICIAN.email);
      const sections = new Set(chartReads.map((row) => (row.detail as { section: string }).section));
      for (const section of [
        'profile',
        'insurance',
        'insurance_card',
        'medical_history',
        'bf_adl',
        'documents',
      ])
        expect(sections, section).toContain(section);
      const cardsRead = chartReads.map((row) => row.target).filter((target) => target?.startsWith('card:'));
      expect(new Set(cardsRead).size).toBe(2);
      const exports = (await trail('chart.export')).map((row) => (row.detail as { format: string }).format);
      expect(exports.sort()).toEqual(['fhir', 'pdf']);
      expect(await trail('intake.changes_requested')).toEqual([
        expect.objectContaining({ by: CLINICIAN.email, detail: { sections: ['contact'] } }),
      ]);
      // The patient read the clinic's note (on the welcome page and the intake form).
      expect(await trail('patient.read')).toContainEqual(
        expect.objectContaining({ by: patient.email, target: 'intake_review' }),
      );
      expect(await trail('intake.reviewed')).toEqual([expect.objectContaining({ by: CLINICIAN.email })]);
    });
  });
}
