import { expect, test } from '@playwright/test';
import { createVerifiedPatient } from './support/accounts.ts';
import { signIn } from './support/session.ts';
import {
  ANSWERS,
  expectAnswersOnReview,
  expectStep,
  fillWholeIntake,
  openIntake,
  intakeShot,
} from './intake-fixtures.ts';

// A fresh patient per test: the journeys never depend on each other or on the demo data.
test('a patient fills the whole intake on a desktop in English, reloads, finds it all and submits it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const patient = await createVerifiedPatient('intake-desktop');
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, patient);
  await expect(page).toHaveURL(/\/welcome$/);
  const intakeCard = page.locator('.welcome-card').filter({ hasText: 'Intake form' });

  await fillWholeIntake(page, { screenshots: 'desktop-gb' });
  await expect(page.getByRole('heading', { level: 2, name: 'Step 7 of 7 Review' })).toBeFocused();

  await page.reload();
  await expectStep(page, 7, 'Review');
  await expectAnswersOnReview(page, {
    language: 'Polish (polski)',
    spouse: 'Spouse',
    commercial: 'Private insurance',
  });
  await expect(page.getByText('Card photos: Front of card.')).toBeVisible();
  await expect(page.getByText('Mobility aids you use')).toBeVisible();
  await expect(page.getByText('Walking stick, Walking frame')).toBeVisible();
  await intakeShot(page, 'review-desktop-gb');

  // The form steps show the saved answers too, lists with every item.
  await openIntake(page, 'medical-history');
  await expect(page.locator('#intake-medical-history-conditions-1-name')).toHaveValue(
    ANSWERS.medical.conditions[1].name,
  );
  await expect(page.getByRole('button', { name: /^Remove Condition 2: Osteoarthritis/ })).toBeVisible();
  await openIntake(page, 'review');

  await page.getByRole('button', { name: 'Submit intake form' }).click();
  await expect(page.getByRole('heading', { name: 'Your intake form has been submitted' })).toBeFocused();
  await expect(page.getByText(/^Submitted on \d{1,2} \w+ \d{4}/).first()).toBeVisible();
  await expect(page.getByText('Your clinic reviews it now, so your answers stay as they are')).toBeVisible();
  await intakeShot(page, 'submitted-desktop-gb');

  await page.goto('/welcome');
  await expect(intakeCard.locator('.welcome-card__status')).toHaveText(/^Submitted on /);
});

test('the stepper is an ordered list with the current step marked, and every step is reachable by keyboard', async ({
  page,
}) => {
  const patient = await createVerifiedPatient('intake-keyboard');
  await signIn(page, patient);
  await expect(page).toHaveURL(/\/welcome$/);
  await openIntake(page);
  const steps = page.getByRole('navigation', { name: 'Intake form steps' }).getByRole('listitem');
  await expect(steps).toHaveCount(7);
  await expect(page.locator('.stepper ol > li')).toHaveCount(7);
  await expect(steps.nth(0).getByRole('link')).toHaveAttribute('aria-current', 'step');
  // The profile made at signup lacks answers the schema requires: in progress, not complete.
  await expect(steps.nth(0)).toContainText('(in progress)');
  await expect(page.getByText('Step 1 of 7')).toBeVisible();

  // Keyboard only: submit the empty-ish profile, land on the error summary, follow a link.
  await page.locator('form.intake-form button[type="submit"]').focus();
  await page.keyboard.press('Enter');
  const summary = page.locator('.error-summary');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link', { name: 'Sex assigned at birth: Choose an answer.' })).toBeVisible();
  await expect(summary.getByRole('link', { name: 'Preferred language: Choose an answer.' })).toBeVisible();
  await intakeShot(page, 'profile-errors-desktop-gb');
  await summary.focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.locator('#intake-profile-sex_at_birth-female')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(summary.getByRole('link', { name: /Sex assigned at birth/ })).toHaveCount(0);
  const language = page.locator('#intake-profile-preferred_language');
  await expect(language).toHaveAttribute('aria-invalid', 'true');
  const describedBy = (await language.getAttribute('aria-describedby')) ?? '';
  await expect(page.locator(`[id="${describedBy.split(' ').at(-1)}"]`)).toHaveText('Choose an answer.');

  await page
    .getByRole('navigation', { name: 'Intake form steps' })
    .getByRole('link', { name: /^Emergency contacts/ })
    .click();
  await expectStep(page, 3, 'Emergency contacts');
  await expect(page.locator('#intake-step-heading')).toBeFocused();
});
