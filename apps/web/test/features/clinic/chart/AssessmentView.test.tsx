import { describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { currentInstrument, type Answers, type ChartAssessments } from '@portal/protocol';
import type { AppLocale } from '../../../../src/i18n/locale.ts';
import { expectNoAxeViolations } from '../../../../testing/axe.ts';
import { renderScreen } from '../../../../testing/render-screen.tsx';
import { AssessmentView } from '../../../../src/features/clinic/chart/AssessmentView.tsx';

const STAFF = 'casey.clinician@clinic.example';
const PATIENT_ID = '3f1e2d4c-5b6a-4789-9abc-def012345678';
const barthel = currentInstrument('barthel')!;

/** Every item at its best option, but those named, which score as given. */
function answersScoring(lower: Record<string, number> = {}): Answers {
  return Object.fromEntries(
    barthel.items.map((item) => {
      const score = lower[item.id] ?? Math.max(...item.options.map((o) => o.score));
      return [item.id, item.options.find((o) => o.score === score)!.value];
    }),
  );
}

/** What GET /admin/patients/:id/chart/bf_adl/ answers after a fall from 100 to 80 within a week. */
const FALL: ChartAssessments = {
  instrument: 'barthel',
  submissions: [
    {
      id: '0b3a7c1e-2d4f-4a5b-8c6d-7e8f9a0b1c2d',
      submitted_at: '2026-03-03T12:00:00.000Z',
      instrument: 'barthel',
      version: barthel.version,
      score: 100,
      band: 'independent',
      answers: answersScoring(),
      change: null,
      flag: [],
    },
    {
      id: '1c4b8d2f-3e5a-4b6c-9d7e-8f9a0b1c2d3e',
      submitted_at: '2026-03-10T12:00:00.000Z',
      instrument: 'barthel',
      version: barthel.version,
      score: 80,
      band: 'moderate_dependency',
      answers: answersScoring({ transfers: 10, mobility: 10, stairs: 0 }),
      change: -20,
      flag: ['worse_band', 'score_drop'],
    },
  ],
  due: false,
  next_due_at: '2026-06-08T12:00:00.000Z',
};

/** A patient who has not answered it yet: the first is due at once. */
const NONE_YET: ChartAssessments = { instrument: 'barthel', submissions: [], due: true, next_due_at: null };

function renderChart(locale: AppLocale, record = FALL) {
  return renderScreen(<AssessmentView patientId={PATIENT_ID} />, {
    locale,
    staff: { email: STAFF, auths: ['read_chart'] },
    data: [[['clinic-chart', STAFF, PATIENT_ID, 'bf_adl'], record]],
  });
}

const WORDS = {
  gb: {
    trend: 'Line chart of the patient’s scores, from 0 to 100: 100 on 3 Mar, 80 on 10 Mar.',
    newest: ['80 of 100', 'Moderate dependency', '-20', 'Flagged: fell into a worse band, fell by 20 points'],
    oldest: ['100 of 100', 'Independent', '—', 'No'],
    nextDue: 'Next one due on 8 Jun 2026.',
    none: 'No BF-ADL submitted yet.',
    due: 'An assessment is due now.',
  },
  cn: {
    trend: '患者得分折线图，分值范围 0 至 100：3月3日 100 分，3月10日 80 分。',
    newest: ['80 / 100', '中度依赖', '-20', '已标记：降至更差的等级、下降 20 分'],
    oldest: ['100 / 100', '生活自理', '—', '否'],
    nextDue: '下次评估日期为 2026年6月8日。',
    none: '尚未提交 BF-ADL 评估。',
    due: '现在需要进行评估。',
  },
} as const;

describe.each(['gb', 'cn'] as const)('the chart’s BF-ADL in %s', (locale) => {
  test('flags the fall into a worse band by 20 points, newest first, with the trend in words', async () => {
    await page.viewport(1280, 900);
    const screen = await renderChart(locale);
    const words = WORDS[locale];
    await expect.element(screen.getByRole('img', { name: words.trend })).toBeVisible();

    const rows = screen.container.querySelectorAll<HTMLTableRowElement>('.chart-bf-adl tbody tr');
    const cells = (row: HTMLTableRowElement) => [...row.cells].slice(1).map((cell) => cell.textContent);
    expect(rows).toHaveLength(2);
    expect(cells(rows[0]!)).toEqual([...words.newest.slice(0, 3), `⚠ ${words.newest[3]}`]);
    expect(rows[0]!.classList.contains('chart-bf-adl__flagged')).toBe(true);
    expect(cells(rows[1]!)).toEqual(words.oldest);
    expect(rows[1]!.classList.contains('chart-bf-adl__flagged')).toBe(false);

    // Each submission's answers, by item, in the reader's language.
    const stairs = barthel.items.find((item) => item.id === 'stairs')!;
    const noStairs = stairs.options.find((o) => o.score === 0)!;
    const newestAnswers = screen.container.querySelector('.chart-answers')!;
    expect(newestAnswers.textContent).toContain(`${stairs.text[locale]}${noStairs.label[locale]} (0)`);
    await expect.element(screen.getByText(words.nextDue)).toBeVisible();
    await expectNoAxeViolations(screen.container);
  });

  test('says a first BF-ADL is due now when none was submitted', async () => {
    const screen = await renderChart(locale, NONE_YET);
    const words = WORDS[locale];
    await expect.element(screen.getByText(words.none)).toBeVisible();
    await expect.element(screen.getByText(words.due)).toBeVisible();
    expect(screen.container.querySelector('.chart-bf-adl')).toBeNull();
  });
});
