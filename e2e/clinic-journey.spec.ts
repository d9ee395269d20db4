import { expect, test, type Page } from '@playwright/test';
import { ApiError } from '@portal/protocol';
import {
  answerAndDecline,
  auditActionsAbout,
  clinicShot,
  signedInClient,
  userIdOf,
} from './clinic-fixtures.ts';
import { patientWithConsentForm } from './documents-fixtures.ts';
import { ANSWERS, fillWholeIntake, openIntake } from './intake-fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { CLINICIAN, FRONT_DESK } from './support/portal.ts';
import { signIn } from './support/session.ts';

const PHONE = { width: 375, height: 667 };
const DESKTOP = { width: 1280, height: 800 };
const NEW_MOBILE = { typed: '+44 7700 900999', saved: '+447700900999' };

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

/** Screenshots at both sizes: the run's own, then the other, then back. */
async function shots(page: Page, name: string, run: (typeof RUNS)[number]) {
  const size = (v: { width: number }) => (v.width < 600 ? 'phone' : 'desktop');
  await clinicShot(page, `${name}-${size(run.viewport)}-${run.locale}`);
  await page.setViewportSize(run.other);
  await clinicShot(page, `${name}-${size(run.other)}-${run.locale}`);
  await page.setViewportSize(run.viewport);
}

for (const run of RUNS) {
  test.describe(`clinic journey (${run.locale})`, () => {
    test.use({ viewport: run.viewport });
    test.beforeEach(async ({ context }) => {
      await context.addInitScript((locale) => localStorage.setItem('portal.locale', locale), run.locale);
    });

    test(`intake handed in, read on the chart, changes requested, handed in again, reviewed (${run.locale})`, async ({
      page,
    }) => {
      test.setTimeout(420_000);
      const patient = await patientWithConsentForm(`journey-${run.locale}`);
      const patientId = await userIdOf(patient.email);

      // The patient hands in the whole intake with a card image, answers the BF-ADL, declines a document.
      await signInAs(page, patient);
      await fillWholeIntake(page);
      await page.locator('.submit-panel .button--primary').click();
      await expect(page.locator('.submit-panel--done h3')).toBeFocused();
      await answerAndDecline(await signedInClient(patient), patient.documentId, REASON);
      await signOut(page);

      // The clinician (the demo account of the preset) finds the patient in the worklist's queue of
      // intakes to review, and reads every value and the card.
      await signInAs(page, CLINICIAN);
      await page.goto('/users?view=attention&queue=intake_new');
      await expectNoAxeViolations(page, `worklist (${run.locale})`);
      await page.locator(`.worklist a[href="/users/${patientId}"]`).first().click();
      const chart = page.locator('.patient-chart');
      await expect(chart.locator('#patient-chart-title')).toBeVisible();
      await expect(chart.locator('.chart-section [role="alert"]')).toHaveCount(0);
      const values = [
        ANSWERS.profile.preferredName,
        ANSWERS.contact.mobileSaved,
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
        REASON,
      ];
      for (const value of values)
        await expect(chart.getByText(value, { exact: false }).first()).toBeVisible();
      const allergies = chart.locator('.allergy-panel');
      await expect(allergies).toContainText(ANSWERS.medical.allergy.substance);
      await expect(allergies).toContainText(run.severity);
      await expect(chart.locator('.chart-bf-adl tbody tr')).toHaveCount(1);
      await expect(chart.locator('.chart-bf-adl tbody tr')).toContainText('85');
      await chart.locator('.chart-card button').first().click();
      const card = chart.locator('.chart-card__image');
      await expect(card).toBeVisible();
      await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await expectNoAxeViolations(page, `chart (${run.locale})`);
      await shots(page, 'chart', run);

      // …and asks for changes to the contact section.
      await page.locator('.review-panel__actions .button--secondary').click();
      const dialog = page.locator('dialog[open]');
      await expect(dialog).toBeVisible();
      await dialog.getByLabel(run.contact, { exact: true }).check();
      await dialog.locator('textarea').fill(run.note);
      await expectNoAxeViolations(page, `review dialog (${run.locale})`);
      await shots(page, 'review-dialog', run);
      await dialog.locator('button[type="submit"]').click();
      await expect(dialog).toHaveCount(0);
      await expect(page.locator('.review-panel__done')).not.toBeEmpty();
      await expect(page.locator('.review-note blockquote')).toHaveText(run.note);
      await signOut(page);

      // The patient reads the note on the welcome page, changes the mobile number and hands in again.
      await signInAs(page, patient);
      const notice = page.locator('.review-notice');
      await expect(notice.locator('blockquote')).toHaveText(run.note);
      await expectNoAxeViolations(page, `welcome with the clinic's note (${run.locale})`);
      await shots(page, 'welcome-note', run);
      await notice.getByRole('link', { name: run.contact, exact: true }).click();
      await expect(page.locator('#intake-contact-mobile_phone')).toBeVisible();
      await page.locator('#intake-contact-mobile_phone').fill(NEW_MOBILE.typed);
      await page.locator('form.intake-form button[type="submit"]').click();
      // The next step was not reopened: it is read-only.
      await expect(page.locator('.closed-section')).toBeVisible();
      await expectNoAxeViolations(page, `closed section (${run.locale})`);
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
      await expect(changes.locator('.review-changes__before')).toHaveText(ANSWERS.contact.mobileSaved);
      await expect(changes.locator('.review-changes__after')).toHaveText(NEW_MOBILE.saved);
      await expectNoAxeViolations(page, `changes since the review (${run.locale})`);
      await shots(page, 'changes', run);
      await page.locator('.review-panel__actions .button--primary').click();
      await expect(page.locator('.review-panel__done')).toBeFocused();
      await expect(page.locator('.review-panel__actions')).toHaveCount(0);
      await signOut(page);

      // A front-desk account neither sees the chart nor is let through by the server.
      await signInAs(page, FRONT_DESK);
      const sidebar = page.locator('#sidebar-group-administration a');
      await expect(sidebar).toHaveCount(2);
      expect(await sidebar.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
        '/users',
        '/messages',
      ]);
      await page.goto(`/users/${patientId}`);
      await expect(page.locator('.user-detail h1')).toBeVisible();
      await expect(page.locator('#patient-chart-title')).toHaveCount(0);
      await expectNoAxeViolations(page, `patient page for the front desk (${run.locale})`);
      const refused = await (
        await signedInClient(FRONT_DESK)
      )
        .get(`/admin/patients/${patientId}/chart/profile/`)
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ApiError);
      expect((refused as ApiError).code).toBe(10403);

      // Every step is in the audit log.
      const actions = await auditActionsAbout(patientId);
      for (const action of [
        'intake.submit',
        'document.reject',
        'chart.read',
        'intake.changes_requested',
        'patient.read',
        'intake.reviewed',
      ]) {
        expect(actions, action).toContain(action);
      }
    });
  });
}
