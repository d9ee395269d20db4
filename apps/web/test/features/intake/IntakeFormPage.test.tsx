import { afterEach, describe, expect, test } from 'vitest';
import { INTAKE_RESOURCE_NAMES, type IntakeStatus } from '@portal/protocol';
import { setActingFor } from '../../../src/api/acting-for.ts';
import IntakeFormPage from '../../../src/features/intake/IntakeFormPage.tsx';
import type { AppLocale } from '../../../src/i18n/locale.ts';
import { actForMargaret } from '../../../testing/acting-for.ts';
import { expectNoAxeViolations } from '../../../testing/axe.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';

const section = { complete: false, has_draft: false, updated_at: null };
// Nothing handed in: every section open, so only the grant keeps the caregiver from editing.
const status: IntakeStatus = {
  sections: {
    profile: { ...section, complete: true },
    contact: section,
    emergency_content: section,
    treating_practitioner: section,
    medical_history: section,
    insurance: section,
  },
  no_insurance: false,
  submitted_at: null,
  complete: false,
  review: {
    stage: 'not_submitted',
    open_sections: [...INTAKE_RESOURCE_NAMES, 'insurance'],
    reviewed_at: null,
  },
};
const profile = {
  first_name: 'Margaret',
  last_name: 'Smith',
  sex_at_birth: 'female',
  date_of_birth: '1948-03-12',
};

/** The intake page at a step, the server's answers in the cache (no one signed in: username ''). */
function renderIntake(step: string, locale: AppLocale) {
  const resources = INTAKE_RESOURCE_NAMES.map(
    (name) =>
      [
        ['intake', '', 'resource', name],
        {
          value: name === 'profile' ? profile : null,
          version: name === 'profile' ? 1 : 0,
          updated_at: null,
          draft: null,
        },
      ] as const,
  );
  return renderScreen(<IntakeFormPage />, {
    locale,
    url: `/welcome/intake-form?step=${step}`,
    data: [
      ...resources,
      [['intake', '', 'coverages'], []],
      [['intake', '', 'status'], status],
      actForMargaret(['view_intake']),
    ],
  });
}

const WORDS = {
  gb: {
    note: 'You can see but not change this',
    save: 'Save and continue',
    edit: 'Edit',
    submit: 'Submit intake form',
  },
  cn: { note: '您可以查看，但不能修改', save: '保存并继续', edit: '修改', submit: '提交入院登记表' },
} as const;

describe.each(Object.entries(WORDS))(
  'a caregiver who may see the intake but not fill it in (%s)',
  (locale, words) => {
    afterEach(() => setActingFor(null));

    test('reads each section as saved, with no inputs and no "Save and continue"', async () => {
      const screen = await renderIntake('profile', locale as AppLocale);
      await expect.element(screen.getByText(words.note)).toBeVisible();
      await expect.element(screen.getByText('Margaret', { exact: true })).toBeVisible();
      expect(screen.getByRole('button', { name: words.save }).elements()).toHaveLength(0);
      expect(screen.container.querySelector('input, textarea, select')).toBeNull();
      await expectNoAxeViolations(screen.container);
    });

    test('the review offers no edit links and nothing to submit', async () => {
      const screen = await renderIntake('review', locale as AppLocale);
      await expect.element(screen.getByText(words.note)).toBeVisible();
      expect(screen.getByRole('link', { name: words.edit }).elements()).toHaveLength(0);
      expect(screen.getByRole('button', { name: words.submit }).elements()).toHaveLength(0);
    });
  },
);
