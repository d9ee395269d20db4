import { expect, test } from '@playwright/test';
import { ApiError, type DocumentTemplate } from '@portal/protocol';
import { signedInClient, userIdOf } from './clinic-fixtures.ts';
import { createVerifiedPatient } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { linkFromMail } from './support/mail.ts';
import { ADMIN } from './support/portal.ts';
import { shot } from './support/screenshot.ts';
import { signIn } from './support/session.ts';

/**
 * Decision 0032 in the real app: an account that joins only to help someone is no patient. Its
 * home lists the people it helps; the clinic's worklist leaves it out, the users list calls it a
 * caregiver, forms cannot be sent to it, and staff can make it a patient.
 */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 667 };

const HOME = {
  gb: {
    greeting: (name: string) => `Hello, ${name}`,
    intro: 'You help the people below.',
    open: (name: string) => new RegExp(`^Open their record\\s*: ${name}$`),
    relationship: 'daughter',
    relationshipShown: 'You are their: daughter',
    ownTasks: ['Intake form', 'BF-ADL assessment', 'Documents awaiting signature'],
  },
  cn: {
    greeting: (name: string) => `${name}，您好`,
    intro: '您正在协助以下人员。',
    open: (name: string) => new RegExp(`^打开其档案\\s*: ${name}$`),
    relationship: '女儿',
    relationshipShown: '您与对方的关系：女儿',
    ownTasks: ['入院登记表', 'BF-ADL 评估', '待签署文件'],
  },
} as const;

/** Letters only (names refuse digits), different on every run. */
const runTag = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/**
 * A mother and her daughter, both fresh; the daughter has no record of her own when she accepts
 * the mother's invitation (by the link the e-mail carries), so she becomes caregiver-only.
 */
async function motherAndHelper(tag: string, locale: 'gb' | 'cn') {
  const mother = await createVerifiedPatient(`co-mother-${locale}`, `Co${tag}mum`, locale);
  const helper = await createVerifiedPatient(`co-helper-${locale}`, `Co${tag}kid`, locale);
  const endsOn = new Date(Date.now() + 365 * 24 * 3600_000).toISOString().slice(0, 10);
  await (
    await signedInClient(mother)
  ).post(
    '/account/caregivers/invite/',
    {
      email: helper.email,
      relationship: HOME[locale].relationship,
      scopes: ['view_intake', 'fill_intake', 'write_messages'],
      ends_on: endsOn,
    },
    { encrypt: true },
  );
  const token = new URL(await linkFromMail(helper.email, 'caregiver-accept')).searchParams.get('token');
  await (
    await signedInClient(helper)
  ).post('/account/caregivers/respond/', { token, decision: 'accept' }, { encrypt: true });
  return {
    mother,
    helper,
    motherName: `${mother.firstName} Tester`,
    helperName: `${helper.firstName} Tester`,
  };
}

for (const locale of ['gb', 'cn'] as const) {
  test(`a caregiver-only account's home lists the people it helps and no tasks of its own (${locale})`, async ({
    page,
    context,
  }) => {
    const words = HOME[locale];
    const { helper, motherName } = await motherAndHelper(runTag(), locale);
    await context.addInitScript((value) => localStorage.setItem('portal.locale', value), locale);
    await page.setViewportSize(DESKTOP);
    await signIn(page, helper);
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.greeting(helper.firstName));
    await expect(page.getByText(words.intro, { exact: false })).toBeVisible();
    const cards = page.locator('.welcome__cards > li');
    await expect(cards).toHaveCount(1);
    await expect(cards.getByRole('heading', { level: 3 })).toHaveText(motherName);
    await expect(cards).toContainText(words.relationshipShown);
    await expect(cards.getByRole('button', { name: words.open(motherName) })).toBeVisible();
    for (const task of words.ownTasks) await expect(page.getByText(task, { exact: true })).toHaveCount(0);
    await expect(page.getByTestId('acting-for-banner')).toHaveCount(0);
    await expectNoAxeViolations(page, `caregiver-only home (${locale}, desktop)`);
    await shot(page, `caregivers-only-home-desktop-${locale}`);
    await page.setViewportSize(PHONE);
    await expectNoAxeViolations(page, `caregiver-only home (${locale}, phone)`);
    await shot(page, `caregivers-only-home-mobile-${locale}`, { fullPage: true });

    // The one way in is the record of the person it helps.
    await cards.getByRole('button', { name: words.open(motherName) }).click();
    await expect(page.getByTestId('acting-for-banner')).toContainText(motherName);
  });
}

test('staff: a caregiver-only account is off the worklist, a "Caregiver" in the users list, refused a form, and made a patient', async ({
  page,
}) => {
  const tag = runTag();
  const { mother, helper, motherName, helperName } = await motherAndHelper(tag, 'gb');
  const helperId = await userIdOf(helper.email);

  // Sending it a form is refused by the server, naming it.
  const admin = await signedInClient(ADMIN);
  const { items } = await admin.get<{ items: DocumentTemplate[] }>('/admin/documents/templates/');
  const consent = items.find((t) => t.kind === 'signature' && t.fields.length > 0)!;
  const refused = await admin
    .post(
      '/admin/documents/assignments/',
      { template_id: consent.id, patient_ids: [helperId] },
      { encrypt: true },
    )
    .catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(ApiError);
  expect((refused as ApiError).code).toBe(10400);
  expect(JSON.stringify((refused as ApiError).body)).toContain(`${helperName} is a caregiver, not a patient`);

  await page.setViewportSize(DESKTOP);
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/users$/);

  // Both joined without answering the BF-ADL; only the patient waits for it.
  await page.goto(`/users?view=attention&queue=bf_adl_due&q=Co${tag}`);
  const worklistRows = page.locator('.worklist tbody tr');
  await expect(worklistRows.filter({ hasText: motherName })).toBeVisible();
  await expect(worklistRows).toHaveCount(1);

  // The users list: what each account is, and the kind filter.
  await page.goto(`/users?view=all&q=Co${tag}`);
  const kindOf = (email: string) =>
    page.getByRole('row').filter({ hasText: email }).locator('td[data-label="Roles"]');
  await expect(kindOf(helper.email)).toHaveText('Caregiver');
  await expect(kindOf(mother.email)).toHaveText('Patient');
  await page.getByRole('combobox', { name: 'Patients and caregivers' }).selectOption({ label: 'Caregivers' });
  await expect(page).toHaveURL(/kind=caregiver/);
  await expect(kindOf(helper.email)).toHaveText('Caregiver');
  await expect(page.getByRole('row').filter({ hasText: mother.email })).toHaveCount(0);
  await expectNoAxeViolations(page, 'users list, caregivers');

  // The Send dialog offers the patient, not the caregiver.
  await page.goto(`/document-library/${consent.id}`);
  await page.getByRole('button', { name: 'Send to patients' }).click();
  const send = page.getByRole('dialog');
  await send.getByLabel('Find patients by name or e-mail').fill(`Co${tag}`);
  await expect(send.getByRole('checkbox', { name: new RegExp(mother.email) })).toBeVisible();
  await expect(send.getByRole('checkbox')).toHaveCount(1);
  await send.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(send).toHaveCount(0);

  // Made a patient, after a confirmation: now both.
  await page.goto(`/users?view=all&q=Co${tag}`);
  await page
    .getByRole('row')
    .filter({ hasText: helper.email })
    .getByRole('button', { name: /^Actions/ })
    .click();
  await page.getByRole('menuitem', { name: 'Make a patient' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Make ${helperName} a patient?` });
  await expect(confirm).toBeVisible();
  await expectNoAxeViolations(page, 'make a patient dialog');
  await confirm.getByRole('button', { name: 'Make a patient' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(kindOf(helper.email)).toHaveText('Patient, caregiver');
});
