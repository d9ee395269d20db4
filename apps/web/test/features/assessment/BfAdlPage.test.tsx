import { afterEach, describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { currentInstrument, type AssessmentState, type AssessmentSubmission } from '@portal/protocol';
import { setActingFor } from '../../../src/api/acting-for.ts';
import type { AppLocale } from '../../../src/i18n/locale.ts';
import { actForMargaret } from '../../../testing/acting-for.ts';
import { expectNoAxeViolations } from '../../../testing/axe.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';
import BfAdlPage from '../../../src/features/assessment/BfAdlPage.tsx';

const definition = currentInstrument('barthel')!;
const items = definition.items;

const submission: AssessmentSubmission = {
  id: '5a1f2d8e-4c57-4c1b-9a3e-0d2f6b7c8e91',
  submitted_at: '2026-08-20T09:30:00.000Z',
  version: definition.version,
  score: 85,
  band: 'moderate_dependency',
  answers: {},
};

/** What GET /patient/bf_adl/ answers: due and never answered, or answered and not yet due. */
function stateOf(latest: AssessmentSubmission | null): AssessmentState {
  return {
    definition,
    history: latest ? [latest] : [],
    latest,
    due: latest === null,
    next_due_at: latest ? '2026-11-18T09:30:00.000Z' : null,
    draft: null,
  };
}

/** The page with the server's answer in the cache, under the key its query asks for (no session). */
function renderPage(state: AssessmentState, locale: AppLocale = 'gb') {
  return renderScreen(<BfAdlPage />, { locale, data: [[['assessment', '', 'bf_adl'], state]] });
}

describe('on a wide screen, every question at once', () => {
  test('each question is answered with the keyboard alone, and the count follows', async () => {
    await page.viewport(1024, 900);
    const screen = await renderPage(stateOf(null));
    await expect.element(screen.getByText(`0 of ${items.length} questions answered`)).toBeVisible();

    // From the form's heading (a click there sets where Tab starts), Tab reaches each question's
    // options in turn and an arrow key picks the next option.
    await screen.getByRole('heading', { name: 'Your answers' }).click();
    for (const item of items) {
      await userEvent.keyboard('{Tab}');
      const question = screen.getByRole('group', { name: item.text.gb });
      await expect
        .element(question.getByRole('radio', { name: item.options[0]!.label.gb, exact: true }))
        .toHaveFocus();
      await userEvent.keyboard('{ArrowDown}');
    }
    for (const item of items) {
      const question = screen.getByRole('group', { name: item.text.gb });
      await expect
        .element(question.getByRole('radio', { name: item.options[1]!.label.gb, exact: true }))
        .toBeChecked();
    }
    await expect
      .element(screen.getByText(`${items.length} of ${items.length} questions answered`))
      .toBeVisible();
    await expectNoAxeViolations(screen.container);
  });

  test('an incomplete submission names the open questions and focuses the first of them', async () => {
    await page.viewport(1024, 900);
    const screen = await renderPage(stateOf(null));
    for (const item of items.slice(0, 2)) {
      const question = screen.getByRole('group', { name: item.text.gb });
      await question.getByRole('radio', { name: item.options[0]!.label.gb, exact: true }).click();
    }
    await screen.getByRole('button', { name: 'Submit answers' }).click();

    const open = items.slice(2);
    const alert = screen.getByRole('alert');
    await expect.element(alert).toHaveTextContent(`Questions still to answer: ${open.length}`);
    expect(
      alert
        .getByRole('link')
        .elements()
        .map((link) => link.textContent),
    ).toEqual(open.map((i) => i.text.gb));
    const first = screen.getByRole('group', { name: open[0]!.text.gb });
    await expect.element(first.getByText(open[0]!.text.gb, { exact: true })).toHaveFocus();
    await expect
      .element(first)
      .toHaveAccessibleDescription(expect.stringContaining('Choose the answer that fits best.'));
    await expect
      .element(screen.getByRole('group', { name: items[0]!.text.gb }))
      .not.toHaveAccessibleDescription(expect.stringContaining('Choose the answer that fits best.'));
    await expectNoAxeViolations(screen.container);
  });
});

test('on a phone, one question per step: Next on an open question asks for an answer first', async () => {
  const screen = await renderPage(stateOf(null));
  await expect.element(screen.getByText(`Question 1 of ${items.length}`)).toBeVisible();
  await screen.getByRole('button', { name: 'Next' }).click();
  const question = screen.getByRole('group', { name: items[0]!.text.gb });
  await expect
    .element(question)
    .toHaveAccessibleDescription(expect.stringContaining('Choose the answer that fits best.'));

  await question.getByRole('radio', { name: items[0]!.options[2]!.label.gb, exact: true }).click();
  await screen.getByRole('button', { name: 'Next' }).click();
  await expect.element(screen.getByText(`Question 2 of ${items.length}`)).toBeVisible();
  await expect.element(screen.getByRole('group', { name: items[1]!.text.gb })).toBeVisible();
  await expectNoAxeViolations(screen.container);
});

const RESULT_WORDS = {
  gb: {
    heading: 'Your latest result',
    outOf: 'out of 100',
    band: 'Moderate dependency',
    again: 'Take the assessment again',
  },
  cn: { heading: '您最近一次的评估结果', outOf: '满分 100', band: '中度依赖', again: '再做一次评估' },
} as const;

describe.each(Object.entries(RESULT_WORDS))('in %s', (locale, words) => {
  test('the latest score is shown with its band, and the form opens on request', async () => {
    const screen = await renderPage(stateOf(submission), locale as AppLocale);
    const result = screen.getByRole('region', { name: words.heading });
    await expect.element(result).toHaveTextContent(`85 ${words.outOf}`);
    await expect.element(result).toHaveTextContent(words.band);
    await expectNoAxeViolations(screen.container);

    await screen.getByRole('button', { name: words.again }).click();
    const language = locale as AppLocale;
    const first = screen.getByRole('group', { name: items[0]!.text[language] });
    for (const option of items[0]!.options) {
      await expect
        .element(first.getByRole('radio', { name: option.label[language], exact: true }))
        .toBeVisible();
    }
    await expectNoAxeViolations(screen.container);
  });
});

describe('a caregiver who may see the assessment but not fill it in', () => {
  afterEach(() => setActingFor(null));

  test.each([
    ['gb', 'Take the assessment again', 'You can see but not change this'],
    ['cn', '再做一次评估', '您可以查看，但不能修改'],
  ] as const)(
    'reads the results and history, with no form and nothing to start (%s)',
    async (locale, start, note) => {
      const grant = actForMargaret(['view_assessments']);
      const screen = await renderScreen(<BfAdlPage />, {
        locale,
        data: [[['assessment', '', 'bf_adl'], { ...stateOf(submission), due: true }], grant],
      });
      await expect.element(screen.getByText(note, { exact: false })).toBeVisible();
      expect(screen.container.querySelector('input, textarea, select')).toBeNull();
      expect(screen.getByRole('button', { name: start }).elements()).toHaveLength(0);
      await expectNoAxeViolations(screen.container);
    },
  );
});
