import { expect, test } from '@playwright/test';
import { createVerifiedPatient } from './support/accounts.ts';
import { signIn } from './support/session.ts';
import {
  expectAnswersOnReview,
  expectStep,
  fillWholeIntake,
  intakeShot,
  openIntake,
} from './intake-fixtures.ts';

test.use({ viewport: { width: 375, height: 667 } });

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('portal.locale', 'cn'));
});

test('在手机上用中文填写完整的入院登记表，退出并重新登录后内容都在', async ({ page }) => {
  test.setTimeout(120_000);
  const patient = await createVerifiedPatient('intake-phone');
  await signIn(page, patient);
  await expect(page).toHaveURL(/\/welcome$/);

  await fillWholeIntake(page, { screenshots: 'phone-cn' });
  await expect(page.locator('#intake-step-heading')).toHaveText('第 7 步，共 7 步 核对并提交');
  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.getByRole('button', { name: /账户菜单$/ }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await signIn(page, patient);
  await expect(page).toHaveURL(/\/welcome$/);

  await openIntake(page, 'review');
  await expectStep(page, 7, '核对并提交');
  await expectAnswersOnReview(page, { language: '波兰语 (polski)', spouse: '配偶', commercial: '商业保险' });
  await expect(page.getByText('已上传保险卡照片：保险卡正面。')).toBeVisible();
  await intakeShot(page, 'review-phone-cn');

  await page.getByRole('button', { name: '提交入院登记表' }).click();
  await expect(page.getByRole('heading', { name: '您的入院登记表已提交' })).toBeFocused();
  await intakeShot(page, 'submitted-phone-cn');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
