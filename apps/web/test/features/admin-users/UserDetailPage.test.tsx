import { expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { Route, Routes } from 'react-router';
import { IntakeSection, type UserDetail } from '@portal/protocol';
import UserDetailPage from '../../../src/features/admin-users/UserDetailPage.tsx';
import { adminUser } from '../../../testing/admin-user.ts';
import { expectNoAxeViolations } from '../../../testing/axe.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';

const ADMIN = 'alex.admin@clinic.example';
const DANA = '0b7a3c1e-5d2f-4e8a-9c6b-000000000001';

const detail: UserDetail = {
  user: adminUser(1, {
    email: 'dana@example.com',
    first_name: 'Dana',
    last_name: 'Carer',
    is_patient: false,
    is_caregiver: true,
  }),
  email_verified_at: '2026-10-01T09:05:00.000Z',
  live_sessions: 0,
  profile: null,
  intake: null,
  audit: null,
};

const NOT_STARTED: UserDetail['intake'] = {
  sections: Object.fromEntries(
    IntakeSection.options.map((name) => [name, { complete: false, has_draft: false, updated_at: null }]),
  ) as NonNullable<UserDetail['intake']>['sections'],
  no_insurance: false,
  submitted_at: null,
  complete: false,
  review: { stage: 'not_submitted', open_sections: [], reviewed_at: null },
};

test('a caregiver-only account reads as a caregiver, has no chart, and can be made a patient (decision 0032)', async () => {
  await page.viewport(390, 844);
  const screen = await renderScreen(
    <Routes>
      <Route path="/users/:id" element={<UserDetailPage />} />
    </Routes>,
    {
      url: `/users/${DANA}`,
      data: [[['admin-users', ADMIN, 'detail', DANA], detail]],
      staff: { email: ADMIN, auths: ['manage_users', 'read_chart', 'manage_documents'] },
    },
  );
  await expect.element(screen.getByRole('heading', { level: 1, name: /Dana Carer/ })).toBeVisible();
  await expect.element(screen.getByRole('definition').filter({ hasText: 'Caregiver' })).toBeVisible();
  expect(screen.getByRole('region', { name: 'Caregivers' }).elements()).toEqual([]);
  expect(screen.getByRole('button', { name: /Send a document/i }).elements()).toEqual([]);

  const make = screen.getByRole('button', { name: 'Make a patient' });
  await make.click();
  const dialog = screen.getByRole('alertdialog', { name: 'Make Dana Carer a patient?' });
  await expect.element(dialog.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  await expectNoAxeViolations(screen.container);
  await userEvent.keyboard('{Escape}');
  await expect.element(dialog).not.toBeInTheDocument();
});

test("a patient's page has one Documents section, for the chart's reader and the documents' manager alike", async () => {
  const patient: UserDetail = {
    ...detail,
    user: { ...detail.user, is_patient: true, is_caregiver: false },
    intake: NOT_STARTED,
  };
  const chartKey = ['clinic-chart', ADMIN, DANA] as const;
  const screen = await renderScreen(
    <Routes>
      <Route path="/users/:id" element={<UserDetailPage />} />
    </Routes>,
    {
      url: `/users/${DANA}`,
      data: [
        [['admin-users', ADMIN, 'detail', DANA], patient],
        [[...chartKey, 'documents'], { items: [], reference: [] }],
        [[...chartKey, 'assignments'], { items: [] }],
        [[...chartKey, 'signature-templates'], []],
      ],
      staff: { email: ADMIN, auths: ['manage_users', 'read_chart', 'manage_documents'] },
    },
  );
  const documents = screen.getByRole('region', { name: 'Documents', exact: true });
  await expect.element(documents).toHaveTextContent('No documents sent to this patient.');
  expect(screen.getByRole('heading', { name: /^Documents/ }).elements()).toHaveLength(1);
  // The patient's record is the chart's: their intake's progress is read there, not beside the account.
  const chart = screen.getByRole('region', { name: 'Patient chart' });
  await expect
    .element(chart.getByRole('region', { name: 'Intake form' }))
    .toHaveTextContent(/Not handed in yet\./);
});
