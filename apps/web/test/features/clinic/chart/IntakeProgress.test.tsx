import { describe, expect, test } from 'vitest';
import type { IntakeStatus } from '@portal/protocol';
import { IntakeProgress } from '../../../../src/features/clinic/chart/IntakeProgress.tsx';
import { expectNoAxeViolations } from '../../../../testing/axe.ts';
import { renderScreen } from '../../../../testing/render-screen.tsx';

/** Part way through: two sections saved whole, one begun, the rest untouched; not handed in. */
const PART_WAY: IntakeStatus = {
  sections: {
    profile: { complete: true, has_draft: false, updated_at: '2026-03-02T09:00:00.000Z' },
    contact: { complete: true, has_draft: false, updated_at: '2026-03-03T09:00:00.000Z' },
    emergency_content: { complete: false, has_draft: true, updated_at: null },
    treating_practitioner: { complete: false, has_draft: false, updated_at: null },
    medical_history: { complete: false, has_draft: false, updated_at: null },
    insurance: { complete: false, has_draft: false, updated_at: null },
  },
  no_insurance: false,
  submitted_at: null,
  complete: false,
  review: { stage: 'not_submitted', open_sections: [], reviewed_at: null },
};

const WORDS = {
  gb: {
    title: 'Intake form',
    notSubmitted: 'Not handed in yet.',
    rows: [
      'ProfileComplete 2 Mar 2026',
      'ContactComplete 3 Mar 2026',
      'Emergency contactsDraft in progress',
      'Treating practitionerNot started',
    ],
  },
  cn: {
    title: '入院登记表',
    notSubmitted: '尚未提交。',
    rows: [
      '个人资料已完成 2026年3月2日',
      '联系方式已完成 2026年3月3日',
      '紧急联系人草稿进行中',
      '主治医生尚未开始',
    ],
  },
} as const;

describe.each(['gb', 'cn'] as const)('the chart’s intake progress in %s', (locale) => {
  test('names each section complete with its date, begun as a draft, or not started', async () => {
    const screen = await renderScreen(<IntakeProgress intake={PART_WAY} />, { locale });
    const words = WORDS[locale];
    await expect.element(screen.getByRole('heading', { level: 3, name: words.title })).toBeVisible();
    await expect.element(screen.getByText(words.notSubmitted)).toBeVisible();
    const rows = [...screen.container.querySelectorAll('.intake-sections__item')].map((li) => li.textContent);
    expect(rows.slice(0, 4)).toEqual(words.rows);
    expect(rows).toHaveLength(6);
    await expectNoAxeViolations(screen.container);
  });
});
