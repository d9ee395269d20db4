import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { answersTotalling } from '@portal/server/testing';
import { answerBfAdl } from './bf-adl-fixtures.ts';
import { userIdOf } from './clinic-fixtures.ts';
import { drawSignature, expectPdfShown, patientWithConsentForm, pdfsig } from './documents-fixtures.ts';
import { writeConsentPdf } from './library-fixtures.ts';
import { createVerifiedPatient, uniqueEmail, type Account } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { linkFromMail } from './support/mail.ts';
import { ADMIN } from './support/portal.ts';
import { signIn } from './support/session.ts';
import { shot } from './support/screenshot.ts';

/** Decision 0023: a daughter helps her mother with her record. */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
type Locale = 'gb' | 'cn';

/** The words the journey reads and clicks, in each language. */
const WORDS = {
  gb: {
    caregivers: 'Caregivers',
    inviteOpen: 'Invite someone',
    email: 'Their e-mail address',
    relationship: 'Relationship to the patient',
    fillBfAdl: 'Fill in the BF-ADL assessment',
    sign: 'Sign documents as authorised representative',
    send: 'Send invitation',
    sent: (email: string) => `Invitation sent to ${email}.`,
    signingSwitch: 'Allow signing as authorised representative',
    askedSignedOut: 'You have been asked to help',
    signIn: 'Sign in',
    asks: (name: string) => `${name} asks for your help`,
    accept: 'Accept',
    banner: (name: string) => `You are acting for ${name}`,
    intro: (name: string) =>
      `Here is what ${name}'s care team needs from them, and what you may do for them.`,
    switcher: /Whose record/,
    endAccess: (name: string) => new RegExp(`^End access\\s*: ${name}$`),
    confirmEnd: 'End access',
    ended: (name: string) => `Access for ${name} has ended.`,
    accessEnded: 'Your access to that record has ended. The people you help are listed on your home page.',
  },
  cn: {
    caregivers: '照护人',
    inviteOpen: '邀请他人',
    email: '对方的电子邮件地址',
    relationship: '与患者的关系',
    fillBfAdl: '填写 BF-ADL 评估',
    sign: '以授权代表身份签署文件',
    send: '发送邀请',
    sent: (email: string) => `已向 ${email} 发送邀请。`,
    signingSwitch: '允许以授权代表身份签署',
    askedSignedOut: '有人请您协助',
    signIn: '登录',
    asks: (name: string) => `${name}请您协助`,
    accept: '接受',
    banner: (name: string) => `您正在代表${name}操作`,
    intro: (name: string) => `以下是${name}的护理团队需要其完成的事项，以及您可以代其办理的事项。`,
    switcher: /当前查看的档案/,
    endAccess: (name: string) => new RegExp(`^终止访问\\s*: ${name}$`),
    confirmEnd: '终止访问',
    ended: (name: string) => `${name} 的访问权限已终止。`,
    accessEnded: '您对该档案的访问权限已结束。您协助的人员列在首页上。',
  },
} as const;

async function openAs(browser: Browser, locale: Locale, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  await context.addInitScript((value) => localStorage.setItem('portal.locale', value), locale);
  return context.newPage();
}

/** Staff turn representative signing on from the patient's chart. */
async function allowSigning(browser: Browser, patientId: string, locale: Locale, shotName: string) {
  const words = WORDS[locale];
  const staff = await openAs(browser, locale, DESKTOP);
  await signIn(staff, ADMIN);
  await expect(staff).toHaveURL(/\/users$/);
  await staff.goto(`/users/${patientId}`);
  const panel = staff.getByRole('region', { name: words.caregivers });
  const allow = panel.getByRole('checkbox', { name: words.signingSwitch });
  await expect(allow).not.toBeChecked();
  await allow.check();
  await expect(allow).toBeChecked();
  await panel.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(staff, `chart caregivers panel (${locale})`);
  await shot(staff, shotName, { fullPage: true });
  await staff.context().close();
}

/** The patient invites a caregiver from the account page. */
async function invite(page: Page, locale: Locale, caregiver: Account, shotName: string) {
  const words = WORDS[locale];
  await page.goto('/account');
  const section = page.getByRole('region', { name: words.caregivers });
  await section.getByRole('button', { name: words.inviteOpen }).click();
  await expect(section.getByRole('textbox', { name: words.email })).toBeFocused();
  await section.getByRole('textbox', { name: words.email }).fill(caregiver.email);
  await section
    .getByRole('textbox', { name: words.relationship })
    .fill(locale === 'cn' ? '女儿' : 'daughter');
  await section.getByRole('checkbox', { name: words.fillBfAdl, exact: true }).check();
  await section.getByRole('checkbox', { name: words.sign, exact: true }).check();
  await section.getByRole('button', { name: words.send }).click();
  await expect(section.getByRole('status').filter({ hasText: words.sent(caregiver.email) })).toBeVisible();
  await expect(section.getByTestId('caregiver-grant')).toHaveCount(1);
  await expectNoAxeViolations(page, `account caregivers section (${locale})`);
  await shot(page, shotName, { fullPage: true });
}

/** The caregiver opens the e-mail's link signed out, signs in, comes back and accepts. */
async function accept(page: Page, locale: Locale, caregiver: Account, patientName: string, prefix: string) {
  const words = WORDS[locale];
  await page.goto(await linkFromMail(caregiver.email, 'caregiver-accept'));
  await expect(page.getByRole('heading', { level: 1, name: words.askedSignedOut })).toBeVisible();
  await expectNoAxeViolations(page, `invitation signed out (${locale})`);
  await shot(page, `${prefix}-accept-signed-out`, { fullPage: true });
  await page.getByRole('link', { name: words.signIn, exact: true }).click();
  await page.locator('input[name="email"]').fill(caregiver.email);
  await page.locator('input[name="password"]').fill(caregiver.password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/caregiver\/accept\?token=/);
  await expect(page.getByRole('heading', { level: 1, name: words.asks(patientName) })).toBeVisible();
  await expectNoAxeViolations(page, `invitation signed in (${locale})`);
  await shot(page, `${prefix}-accept`, { fullPage: true });
  await page.getByRole('button', { name: words.accept, exact: true }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByTestId('acting-for-banner')).toHaveText(words.banner(patientName));
  await expect(page.getByText(words.intro(patientName))).toBeVisible();
  const switcher = page.getByRole('button', { name: words.switcher });
  await expect(switcher).toContainText(patientName);
  await switcher.press('Enter');
  await expect(page.getByRole('menuitemradio', { checked: true })).toContainText(patientName);
  await expectNoAxeViolations(page, `record switcher (${locale})`);
  await shot(page, `${prefix}-acting-for`, { fullPage: true });
  await page.keyboard.press('Escape');
  await expect(switcher).toBeFocused();
}

test('a patient invites her daughter, who fills in and signs for her on a phone in Chinese until the grant is revoked', async ({
  browser,
  page,
}, testInfo) => {
  // Three people, a BF-ADL, a signature, eight axe runs and screenshots.
  test.slow();
  const mother = await patientWithConsentForm('cg-mother', 'Xiuying');
  const motherName = 'Xiuying Tester';
  const daughter = await createVerifiedPatient('cg-daughter', 'Mei', 'cn');
  await allowSigning(browser, await userIdOf(mother.email), 'gb', 'caregivers-chart-desktop-gb');

  await page.setViewportSize(DESKTOP);
  await signIn(page, mother);
  await expect(page).toHaveURL(/\/welcome$/);
  await invite(page, 'gb', daughter, 'caregivers-account-desktop-gb');

  const phone = await openAs(browser, 'cn', PHONE);
  await accept(phone, 'cn', daughter, motherName, 'caregivers-mobile-cn');

  // Her mother's BF-ADL, in Chinese, one question a step.
  await phone.goto('/welcome/bf-adl');
  await expect(phone.getByTestId('acting-for-banner')).toBeVisible();
  await answerBfAdl(phone, answersTotalling(45), 'cn');

  // The consent, signed as authorised representative.
  await phone.goto(`/welcome/documents/${mother.documentId}`);
  await expectPdfShown(phone);
  await expect(phone.getByTestId('representative-note')).toHaveText(
    `您将以${motherName}的授权代表身份签署。您和对方的姓名都会出现在签名及其证书上。`,
  );
  await drawSignature(phone);
  await phone.locator('.signing-panel').getByRole('checkbox').check();
  await phone.getByRole('button', { name: '签署文件', exact: true }).click();
  await expect(phone.getByText('谢谢，文件已签署。')).toBeVisible({ timeout: 30_000 });
  await shot(phone, 'caregivers-signed-mobile-cn', { fullPage: true });
  const downloading = phone.waitForEvent('download');
  await phone.getByRole('button', { name: '下载已签署的 PDF' }).click();
  const file = testInfo.outputPath('signed-by-representative.pdf');
  await (await downloading).saveAs(file);
  expect(await pdfsig(file)).toContain('Signature is Valid');
  const { stdout: text } = await promisify(execFile)('pdftotext', [file, '-']);
  const flat = text.replace(/\s+/g, ' ');
  expect(flat).toContain('Mei Tester');
  expect(flat).toContain(motherName);

  // The mother ends it; the daughter's open view of her record ends with the next poll.
  await page.goto('/account');
  await page.getByRole('button', { name: WORDS.gb.endAccess('Mei Tester') }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'revoke dialog (gb)');
  await dialog.getByRole('button', { name: WORDS.gb.confirmEnd, exact: true }).click();
  await expect(page.getByText(WORDS.gb.ended('Mei Tester'))).toBeVisible();

  await expect(phone).toHaveURL(/\/welcome$/, { timeout: 30_000 });
  await expect(phone.getByText(WORDS.cn.accessEnded)).toBeVisible();
  await expect(phone.getByTestId('acting-for-banner')).toHaveCount(0);
  await phone.context().close();
});

test('the caregiver screens read in the other language too, without an axe violation', async ({
  browser,
  page,
}) => {
  test.slow();
  const mother = await patientWithConsentForm('cg-mother-cn', 'Xiuying');
  const daughter = await createVerifiedPatient('cg-daughter-gb', 'Mei', 'gb');
  await allowSigning(browser, await userIdOf(mother.email), 'cn', 'caregivers-chart-desktop-cn');

  await page.setViewportSize(PHONE);
  await page.context().addInitScript(() => localStorage.setItem('portal.locale', 'cn'));
  await signIn(page, mother);
  await expect(page).toHaveURL(/\/welcome$/);
  await invite(page, 'cn', daughter, 'caregivers-account-mobile-cn');

  const desktop = await openAs(browser, 'gb', DESKTOP);
  await accept(desktop, 'gb', daughter, 'Xiuying Tester', 'caregivers-desktop-gb');
  await desktop.context().close();
});

test("staff record a guardian's grant with its PDF on the chart, are refused a second for the same address, and end it", async ({
  page,
}, testInfo) => {
  const ward = await createVerifiedPatient('cg-ward', 'Wen');
  const guardian = uniqueEmail('cg-guardian');
  const order = await writeConsentPdf(testInfo.outputPath('guardianship-order.pdf'), ['Guardianship order']);
  await page.setViewportSize(DESKTOP);
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/users$/);
  await page.goto(`/users/${await userIdOf(ward.email)}`);
  const panel = page.getByRole('region', { name: 'Caregivers' });

  const record = async () => {
    await panel.getByRole('button', { name: 'Record a grant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record a grant' });
    await dialog.getByRole('textbox', { name: 'Their e-mail address' }).fill(guardian);
    await dialog.getByRole('textbox', { name: 'Relationship to the patient' }).fill('Legal guardian');
    await dialog.getByRole('checkbox', { name: 'See documents', exact: true }).check();
    await dialog.getByLabel('Authority', { exact: true }).selectOption({ label: 'guardianship order' });
    await dialog.getByLabel('Document giving the authority (PDF)').setInputFiles(order);
    await dialog.getByRole('button', { name: 'Record grant' }).click();
    return dialog;
  };

  const first = await record();
  await expect(first).toHaveCount(0);
  await expect(panel.getByRole('status')).toHaveText('The grant was recorded and an invitation sent.');
  const grant = panel.getByTestId('caregiver-grant');
  await expect(grant).toHaveCount(1);
  await expect(grant).toContainText(guardian);
  await expect(grant).toContainText('Invited');
  await expect(grant).toContainText('Recorded by the clinic (guardianship order)');
  expect(await linkFromMail(guardian, 'caregiver-accept')).toMatch(/\/caregiver\/accept\?token=/);

  const again = await record();
  await expect(
    again.getByText('This address already has an invitation or a grant for this record.', { exact: false }),
  ).toBeVisible();
  await expect(again.getByRole('textbox', { name: 'Their e-mail address' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expectNoAxeViolations(page, 'record grant dialog refused');
  await again.getByRole('button', { name: 'Cancel' }).click();
  await expect(grant).toHaveCount(1);

  await panel.getByRole('button', { name: WORDS.gb.endAccess(guardian) }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText("They will no longer be able to open this patient's record.");
  await expectNoAxeViolations(page, 'chart revoke dialog');
  await confirm.getByRole('button', { name: WORDS.gb.confirmEnd, exact: true }).click();
  await expect(panel.getByRole('status')).toHaveText(WORDS.gb.ended(guardian));
  await expect(grant).toContainText('Ended');
  await expect(panel.getByRole('button', { name: WORDS.gb.endAccess(guardian) })).toHaveCount(0);
});
