import { expect, test } from '@playwright/test';
import { createVerifiedPatient } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { signIn } from './support/session.ts';
import { intakeShot, openIntake } from './intake-fixtures.ts';

const STEPS = [
  'profile',
  'contact',
  'emergency-contacts',
  'treating-practitioner',
  'insurance',
  'medical-history',
  'review',
];

for (const locale of ['gb', 'cn'] as const) {
  test(`every intake step, with its errors, forms and dialog, has no WCAG 2.1 A/AA violations (${locale})`, async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await context.addInitScript((value) => localStorage.setItem('portal.locale', value), locale);
    // English on a desktop, Chinese on a phone: both layouts get checked.
    const screen = locale === 'cn' ? 'phone' : 'desktop';
    if (screen === 'phone') await page.setViewportSize({ width: 375, height: 667 });
    const patient = await createVerifiedPatient(`intake-axe-${locale}`);
    await signIn(page, patient);
    await expect(page).toHaveURL(/\/welcome$/);
    for (const step of STEPS) {
      await openIntake(page, step);
      await expectNoAxeViolations(page, `${step} (${locale})`);
    }

    // Errors: the summary and the fields marked invalid.
    await openIntake(page, 'emergency-contacts');
    await page.locator('form.intake-form button[type="submit"]').click();
    await expect(page.locator('.error-summary')).toBeFocused();
    await expectNoAxeViolations(page, `emergency contacts with errors (${locale})`);
    await intakeShot(page, `errors-${screen}-${locale}`);

    // Repeating groups opened in the medical history.
    await openIntake(page, 'medical-history');
    for (const list of ['conditions', 'medications', 'allergies']) {
      await page.locator(`#intake-medical-history-${list}-add`).click();
    }
    await expectNoAxeViolations(page, `medical history with items (${locale})`);

    // A coverage form, a saved coverage and the delete dialog.
    await openIntake(page, 'insurance');
    await page.locator('#add-coverage').click();
    await expectNoAxeViolations(page, `coverage form (${locale})`);
    await intakeShot(page, `coverage-form-${screen}-${locale}`);
    await page.locator('#intake-coverage-new-insurance_type').selectOption('other');
    await page.locator('#intake-coverage-new-payer_name').fill('Union Health Fund');
    await page.locator('#intake-coverage-new-member_id').fill('UHF-1');
    await page.locator('.coverage-form button[type="submit"]').click();
    await expect(page.locator('#coverage-other-heading')).toBeFocused();
    await expectNoAxeViolations(page, `coverage saved (${locale})`);
    await page.locator('article.coverage .button--danger-text').click();
    await expect(page.locator('dialog[open]')).toBeVisible();
    await expectNoAxeViolations(page, `delete dialog (${locale})`);
    await page.keyboard.press('Escape');

    await openIntake(page, 'review');
    await page.locator('.submit-panel .button--primary').click();
    await expect(page.locator('.error-summary')).toBeFocused();
    await expectNoAxeViolations(page, `review with incomplete sections (${locale})`);
  });
}
