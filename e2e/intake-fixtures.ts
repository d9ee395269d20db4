import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { shot } from './support/screenshot.ts';

/** Journeys through the intake form (apps/web/src/features/intake), shared by the intake specs. */

export const CARD_IMAGE = path.resolve(import.meta.dirname, 'fixtures/insurance-card-front.png');
/** A one-page PDF made by pdf-lib: the server parses every uploaded PDF. */
export const CARD_PDF = path.resolve(import.meta.dirname, 'fixtures/insurance-card-back.pdf');

/** What the patient types: the same in both locales; option labels are checked per locale. */
export const ANSWERS = {
  profile: {
    preferredName: 'Rob',
    genderIdentity: 'Non-binary',
    language: 'pl',
    height: '172',
    weight: '68.5',
  },
  contact: {
    mobile: '+44 7700 900123',
    /** As staff and the patient read it back: national, for a number of the clinic's country. */
    mobileShown: '07700 900123',
    line1: '12 Harbour Street',
    line2: 'Flat 3',
    city: 'Bristol',
    postcode: 'BS1 4ST',
    country: 'GB',
  },
  emergency: [
    { name: 'Sam Tester', relationship: 'spouse', phone: '+44 7700 900456', email: 'sam@example.com' },
    { name: 'Alex Friend', relationship: 'friend', phone: '+44 7700 900789' },
  ],
  practitioner: {
    name: 'Dr Morgan Hale',
    specialty: 'Rehabilitation medicine',
    practice: 'Harbourside Clinic',
    phone: '+44 117 496 0000',
    city: 'Bristol',
  },
  coverage: { payer: 'Harbour Health Plan', plan: 'Silver', memberId: 'HHP-4471-2093', group: 'GRP-118' },
  medical: {
    conditions: [
      { name: 'Type 2 diabetes', since: '2015' },
      { name: 'Osteoarthritis of the knee', since: '2019-06' },
    ],
    surgery: { name: 'Left knee arthroscopy', date: '2020-03' },
    medication: { name: 'Metformin', dose: '500 mg', frequency: 'Twice a day' },
    allergy: { substance: 'Penicillin', reaction: 'Hives' },
    device: { name: 'Hearing aid' },
    notes: 'Stairs are difficult for me.',
  },
} as const;

const field = (page: Page, id: string) => page.locator(`#${id}`);
const saveAndContinue = (page: Page) => page.locator('form.intake-form button[type="submit"]').click();

/** The step's heading has focus once the step is shown (keyboard users start there). */
export async function expectStep(page: Page, n: number, title: string | RegExp) {
  const heading = page.locator('#intake-step-heading');
  await expect(heading).toContainText(title);
  await expect(page.locator('.stepper [aria-current="step"]')).toHaveCount(1);
  await expect(
    page
      .locator('.stepper li')
      .nth(n - 1)
      .locator('a'),
  ).toHaveAttribute('aria-current', 'step');
  await expect(page.locator('.page-loading')).toHaveCount(0);
}

/** A screenshot for docs/screenshots once the progress bar has faded. */

export async function openIntake(page: Page, step = 'profile') {
  await page.goto(`/welcome/intake-form?step=${step}`);
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.locator('.page-loading')).toHaveCount(0);
}

export async function fillProfile(page: Page) {
  const p = ANSWERS.profile;
  await field(page, 'intake-profile-preferred_name').fill(p.preferredName);
  await field(page, 'intake-profile-sex_at_birth-female').check();
  await field(page, 'intake-profile-gender_identity').fill(p.genderIdentity);
  await field(page, 'intake-profile-preferred_language').selectOption(p.language);
  await field(page, 'intake-profile-height_cm').fill(p.height);
  await field(page, 'intake-profile-weight_kg').fill(p.weight);
}

export async function fillContact(page: Page) {
  const c = ANSWERS.contact;
  await field(page, 'intake-contact-mobile_phone').fill(c.mobile);
  await field(page, 'intake-contact-address-line1').fill(c.line1);
  await field(page, 'intake-contact-address-line2').fill(c.line2);
  await field(page, 'intake-contact-address-city').fill(c.city);
  await field(page, 'intake-contact-address-postal_code').fill(c.postcode);
  await field(page, 'intake-contact-address-country').selectOption(c.country);
  await field(page, 'intake-contact-preferred_contact_method-sms').check();
}

export async function fillEmergencyContacts(page: Page) {
  const [first, second] = ANSWERS.emergency;
  const prefix = 'intake-emergency-content-contacts';
  await field(page, `${prefix}-0-name`).fill(first.name);
  await field(page, `${prefix}-0-relationship`).selectOption(first.relationship);
  await field(page, `${prefix}-0-phone`).fill(first.phone);
  await field(page, `${prefix}-0-email`).fill(first.email);
  await field(page, `${prefix}-0-may_receive_information`).check();
  await field(page, `${prefix}-add`).click();
  // Adding an item moves focus to its first field.
  await expect(field(page, `${prefix}-1-name`)).toBeFocused();
  await page.keyboard.type(second.name);
  await field(page, `${prefix}-1-relationship`).selectOption(second.relationship);
  await field(page, `${prefix}-1-phone`).fill(second.phone);
}

export async function fillPractitioner(page: Page) {
  const d = ANSWERS.practitioner;
  await field(page, 'intake-treating-practitioner-name').fill(d.name);
  await field(page, 'intake-treating-practitioner-specialty').fill(d.specialty);
  await field(page, 'intake-treating-practitioner-practice').fill(d.practice);
  await field(page, 'intake-treating-practitioner-phone').fill(d.phone);
  await field(page, 'intake-treating-practitioner-address-line1').fill('1 Quay Road');
  await field(page, 'intake-treating-practitioner-address-city').fill(d.city);
  await field(page, 'intake-treating-practitioner-address-postal_code').fill('BS1 5AA');
  await field(page, 'intake-treating-practitioner-address-country').selectOption('GB');
}

/** Adds a private coverage and uploads the front of its card, and its back when given (a PDF). */
export async function addCoverage(page: Page, options: { back?: string } = {}) {
  const c = ANSWERS.coverage;
  await page.locator('#add-coverage').click();
  await expect(page.locator('#intake-coverage-new-title')).toBeFocused();
  await field(page, 'intake-coverage-new-insurance_type').selectOption('commercial');
  await field(page, 'intake-coverage-new-payer_name').fill(c.payer);
  await field(page, 'intake-coverage-new-plan_name').fill(c.plan);
  await field(page, 'intake-coverage-new-member_id').fill(c.memberId);
  await field(page, 'intake-coverage-new-group_number').fill(c.group);
  await field(page, 'intake-coverage-new-effective_from').fill('2025-01-01');
  await page.locator('.coverage-form button[type="submit"]').click();
  await expect(page.locator('#coverage-commercial-heading')).toBeFocused();
  await page.locator('#card-commercial-front').setInputFiles(CARD_IMAGE);
  await expect(page.locator('.coverage img.card-thumb')).toBeVisible();
  // The thumbnail is drawn from the sealed base64 through a blob: URL.
  await expect(page.locator('.coverage img.card-thumb')).toHaveAttribute('src', /^blob:/);
  await expect
    .poll(() =>
      page.locator('.coverage img.card-thumb').evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBe(320);
  if (options.back) {
    await page.locator('#card-commercial-back').setInputFiles(options.back);
    await expect(page.locator('.coverage .card-thumb--pdf')).toBeVisible();
  }
}

async function addItem(page: Page, list: string, index: number, values: Record<string, string>) {
  const prefix = `intake-medical-history-${list}`;
  await field(page, `${prefix}-add`).click();
  for (const [name, value] of Object.entries(values)) {
    const input: Locator = field(page, `${prefix}-${index}-${name}`);
    if ((await input.evaluate((el) => el.tagName)) === 'SELECT') await input.selectOption(value);
    else await input.fill(value);
  }
}

export async function fillMedicalHistory(page: Page) {
  const m = ANSWERS.medical;
  await addItem(page, 'conditions', 0, m.conditions[0]);
  await addItem(page, 'conditions', 1, m.conditions[1]);
  await addItem(page, 'surgeries', 0, m.surgery);
  await addItem(page, 'medications', 0, m.medication);
  await addItem(page, 'allergies', 0, { ...m.allergy, severity: 'moderate' });
  await field(page, 'intake-medical-history-mobility_aids-walker').check();
  await field(page, 'intake-medical-history-mobility_aids-cane').check();
  await addItem(page, 'devices', 0, m.device);
  await field(page, 'intake-medical-history-smoking-former').check();
  await field(page, 'intake-medical-history-notes').fill(m.notes);
}

/** Fills every section from Profile to Medical history, saving each, and lands on Review. */
export async function fillWholeIntake(page: Page, options: { screenshots?: string; cardBack?: string } = {}) {
  const capture = async (name: string) => {
    if (options.screenshots) await intakeShot(page, `${name}-${options.screenshots}`);
  };
  await openIntake(page);
  await expectStep(page, 1, /./);
  await fillProfile(page);
  await capture('profile');
  await saveAndContinue(page);
  await expectStep(page, 2, /./);
  await expect(page.locator('#intake-step-heading')).toBeFocused();
  await fillContact(page);
  await capture('contact');
  await saveAndContinue(page);
  await expectStep(page, 3, /./);
  await fillEmergencyContacts(page);
  await capture('emergency-contacts');
  await saveAndContinue(page);
  await expectStep(page, 4, /./);
  await fillPractitioner(page);
  await capture('practitioner');
  await saveAndContinue(page);
  await expectStep(page, 5, /./);
  await addCoverage(page, { back: options.cardBack });
  await capture('insurance');
  await page.locator('.insurance > .intake-actions .button--primary').click();
  await expectStep(page, 6, /./);
  await fillMedicalHistory(page);
  await capture('medical-history');
  await saveAndContinue(page);
  await expectStep(page, 7, /./);
}

/** Everything typed, read back on the review step (values typed in either locale). */
export async function expectAnswersOnReview(
  page: Page,
  labels: { language: string; spouse: string; commercial: string },
) {
  const review = page.locator('.review');
  const texts = [
    ANSWERS.profile.preferredName,
    ANSWERS.profile.genderIdentity,
    labels.language,
    ANSWERS.contact.mobileShown,
    ANSWERS.contact.line1,
    ANSWERS.contact.postcode,
    ANSWERS.emergency[0].name,
    ANSWERS.emergency[1].name,
    labels.spouse,
    'sam@example.com',
    ANSWERS.practitioner.name,
    ANSWERS.practitioner.practice,
    labels.commercial,
    ANSWERS.coverage.payer,
    ANSWERS.coverage.memberId,
    ANSWERS.medical.conditions[0].name,
    ANSWERS.medical.conditions[1].name,
    ANSWERS.medical.surgery.name,
    ANSWERS.medical.medication.name,
    ANSWERS.medical.medication.dose,
    ANSWERS.medical.allergy.substance,
    ANSWERS.medical.device.name,
    ANSWERS.medical.notes,
  ];
  for (const text of texts) await expect(review.getByText(text, { exact: false }).first()).toBeVisible();
  // Every section is complete.
  await expect(page.locator('.review-section .badge--done')).toHaveCount(6);
}

/** An intake screen, full page, as `intake-<name>.png`, with nothing focused (no focus ring caught). */
export async function intakeShot(page: Page, name: string) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await shot(page, `intake-${name}`, { fullPage: true });
}
