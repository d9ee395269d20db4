import { expect, type Page } from '@playwright/test';
import type { Answers } from '@portal/protocol';
import {
  answersTotalling,
  barthel,
  DEMO_PATIENT,
  draftAnswers,
  type TestPortal,
} from '@portal/server/testing';
import { bandLabel, optionLabel } from './bf-adl-fixtures.ts';
import { clockPortalTest as test } from './support/clock-portal.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectOnLogin, notices, signIn } from './support/session.ts';
import { shot } from './support/screenshot.ts';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const PHONE = { width: 375, height: 667 };
const DESKTOP = { width: 1280, height: 800 };

/** One question per step on a phone: answer, Next, and Submit on the last. */
async function answerStepByStep(page: Page, answers: Answers, locale: 'cn') {
  const total = barthel.items.length;
  for (const [index, item] of barthel.items.entries()) {
    await expect(page.getByText(`第 ${index + 1} 题，共 ${total} 题`)).toBeVisible();
    await expect(page.locator('fieldset.bf-adl-item')).toHaveCount(1);
    await page.getByLabel(optionLabel(item.id, answers[item.id]!, locale), { exact: true }).check();
    if (index < total - 1) await page.getByRole('button', { name: '下一题' }).click();
  }
  await page.getByRole('button', { name: '提交回答' }).click();
}

async function answerAll(page: Page, answers: Answers, locale: 'gb') {
  for (const item of barthel.items) {
    const question = page.getByRole('group', { name: item.text[locale], exact: true });
    await question.getByLabel(optionLabel(item.id, answers[item.id]!, locale), { exact: true }).check();
  }
}

/** How many answers the patient's BF-ADL draft holds on the server now. */
async function draftAnswerCount(portal: TestPortal, email: string): Promise<number> {
  return Object.keys(await draftAnswers(portal, email)).length;
}

async function expectResult(page: Page, score: number, band: string) {
  await expect(page.getByTestId('bf-adl-score')).toHaveText(String(score));
  await expect(page.getByTestId('bf-adl-band')).toHaveText(band);
}

test('the demo patient completes BF-ADL in Chinese on a phone, repeats it a week later and sees the trend', async ({
  page,
  context,
  portal,
}) => {
  // Two sign-ins, two full assessments and six screenshots: on a busy machine (load ~20) this
  // journey has outrun the default 60 s.
  test.slow();
  await context.addInitScript(() => localStorage.setItem('portal.locale', 'cn'));
  await page.setViewportSize(PHONE);
  await signIn(page, DEMO_PATIENT);
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.locator('.welcome-card__status').filter({ hasText: '尚未开始' }).first()).toBeVisible();

  await page.goto('/welcome/bf-adl');
  await expect(page.getByRole('heading', { level: 1, name: 'BF-ADL 评估' })).toBeVisible();
  await expect(page.getByText('您尚未完成此项评估。')).toBeVisible();
  await expect(page.getByText('第 1 题，共 10 题')).toBeVisible();
  await expectNoAxeViolations(page, 'BF-ADL first step (cn, phone)');
  await shot(page, 'bf-adl-step-mobile-cn', { fullPage: true });

  // Next without an answer says what is missing rather than moving on.
  await page.getByRole('button', { name: '下一题' }).click();
  await expect(page.getByText('请选择最符合您情况的一项。')).toBeVisible();

  await answerStepByStep(page, answersTotalling(45), 'cn');
  await expect(page.getByRole('heading', { level: 2, name: '您的评估结果' })).toBeFocused();
  await expectResult(page, 45, bandLabel('severe_dependency', 'cn'));
  await expect(page.getByRole('table')).toContainText('45');
  await expectNoAxeViolations(page, 'BF-ADL result (cn, phone)');

  portal.clock.advance(WEEK_MS);
  // A week later the session is long past its idle and session timeouts (decision 0006):
  // the app finds out by itself (10014 → new handshake → refresh → 10401), says the session
  // expired and returns to the login page; the patient signs in again.
  await page.goto('/welcome/bf-adl');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(notices(page)).toContainText('会话已过期');
  await signIn(page, DEMO_PATIENT);
  await expect(page).toHaveURL(/\/welcome/);
  await page.goto('/welcome/bf-adl');
  await expect(page.getByRole('heading', { level: 2, name: '您最近一次的评估结果' })).toBeVisible();
  await page.getByRole('button', { name: '再做一次评估' }).click();
  await answerStepByStep(page, answersTotalling(70), 'cn');
  await expectResult(page, 70, bandLabel('moderate_dependency', 'cn'));

  const rows = page.getByRole('table').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('70');
  await expect(rows.nth(1)).toContainText('45');
  const chart = page.getByRole('img', { name: /您的得分折线图/ });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAttribute('aria-label', /45 分.*70 分/);
  await expectNoAxeViolations(page, 'BF-ADL result with trend (cn, phone)');
  await shot(page, 'bf-adl-trend-mobile-cn', { fullPage: true });

  await page.setViewportSize(DESKTOP);
  await shot(page, 'bf-adl-trend-desktop-cn', { fullPage: true });

  await page.setViewportSize(PHONE);
  await page.goto('/welcome');
  await expect(page.getByText(`最近得分 70 / 100：${bandLabel('moderate_dependency', 'cn')}`)).toBeVisible();
  await shot(page, 'bf-adl-welcome-card-mobile-cn', { fullPage: true });
});

test('a patient answers BF-ADL in English on a desktop, with drafts kept across a reload', async ({
  page,
  context,
  portal,
}) => {
  await context.addInitScript(() => localStorage.setItem('portal.locale', 'gb'));
  await page.setViewportSize(DESKTOP);
  await signIn(page, DEMO_PATIENT);
  await expect(page).toHaveURL(/\/welcome$/);
  await page.goto('/welcome/bf-adl');
  await expect(page.getByRole('heading', { level: 1, name: 'BF-ADL assessment' })).toBeVisible();
  await expect(page.locator('fieldset.bf-adl-item')).toHaveCount(barthel.items.length);

  const answers = answersTotalling(95);
  const firstHalf = barthel.items.slice(0, 5);
  for (const item of firstHalf) {
    await page
      .getByRole('group', { name: item.text.gb, exact: true })
      .getByLabel(optionLabel(item.id, answers[item.id]!, 'gb'), { exact: true })
      .check();
  }
  // "Saved" shows after the first answer's save already; wait until the server holds all five
  // (each answer is saved 600 ms after it is given, one save after another).
  await expect.poll(() => draftAnswerCount(portal, DEMO_PATIENT.email)).toBe(firstHalf.length);
  await expect(page.getByText(/^Answers saved at/)).toBeVisible();
  await page.reload();
  for (const item of firstHalf) {
    await expect(
      page
        .getByRole('group', { name: item.text.gb, exact: true })
        .getByLabel(optionLabel(item.id, answers[item.id]!, 'gb'), { exact: true }),
    ).toBeChecked();
  }
  await expect(page.getByText('5 of 10 questions answered')).toBeVisible();

  // Submitting with questions open names them and keeps the answers given.
  await page.getByRole('button', { name: 'Submit answers' }).click();
  await expect(page.getByRole('alert')).toContainText('Questions still to answer: 5');
  await expectNoAxeViolations(page, 'BF-ADL with missing answers (gb, desktop)');
  await shot(page, 'bf-adl-form-desktop-gb', { fullPage: true });

  await answerAll(page, answers, 'gb');
  await page.getByRole('button', { name: 'Submit answers' }).click();
  await expectResult(page, 95, 'Slight dependency');
  await expect(page.getByText(/^Your next assessment is due on/)).toBeVisible();

  portal.clock.advance(WEEK_MS);
  // A week on, the session has timed out (decision 0006): sign in again.
  await page.goto('/welcome/bf-adl');
  await expectOnLogin(page);
  await signIn(page, DEMO_PATIENT);
  await expect(page).toHaveURL(/\/welcome/);
  await page.goto('/welcome/bf-adl');
  await page.getByRole('button', { name: 'Take the assessment again' }).click();
  await answerAll(page, answersTotalling(100), 'gb');
  await page.getByRole('button', { name: 'Submit answers' }).click();
  await expectResult(page, 100, 'Independent');
  await expect(page.getByRole('img', { name: /Line chart of your scores/ })).toHaveAttribute(
    'aria-label',
    /95 on .*, 100 on /,
  );
  await expectNoAxeViolations(page, 'BF-ADL result with trend (gb, desktop)');
  await shot(page, 'bf-adl-trend-desktop-gb', { fullPage: true });

  await page.setViewportSize(PHONE);
  await shot(page, 'bf-adl-trend-mobile-gb', { fullPage: true });
  await page.goto('/welcome');
  await expect(page.getByText('Latest score 100 of 100: Independent')).toBeVisible();
});
