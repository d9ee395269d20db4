import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { ReviewState } from '@portal/protocol';
import { login } from '../../../../src/api/auth-api.ts';
import { ReviewPanel } from '../../../../src/features/clinic/review/ReviewPanel.tsx';
import { expectNoAxeViolations } from '../../../../testing/axe.ts';
import { FakePortalServer } from '../../../../testing/fake-portal-server.ts';
import { renderScreen } from '../../../../testing/render-screen.tsx';

const EMAIL = 'sam@example.com';
const STAFF_AUTHS = ['admin', 'read_chart', 'review_intake'];
const PATIENT = '00000000-0000-4000-8000-0000000000aa';
const handIn = { id: '00000000-0000-4000-8000-0000000000b1', submitted_at: '2026-11-20T09:00:00.000Z' };
const waiting: ReviewState = { submission: handIn, awaiting_review: true, reviews: [], changes: null };
const reviewed: ReviewState = {
  ...waiting,
  awaiting_review: false,
  reviews: [
    {
      id: '00000000-0000-4000-8000-0000000000c1',
      submission_id: handIn.id,
      outcome: 'reviewed',
      sections: [],
      note: null,
      reviewer: { first_name: 'Rita', last_name: 'Reviewer', email: 'rita@example.com' },
      created_at: '2026-11-21T10:00:00.000Z',
    },
  ],
};
const reviewPath = `/admin/patients/${PATIENT}/review/`;
const reopenPath = `/admin/patients/${PATIENT}/review/reopen/`;
/** The admin routes posted to (a call refused for its stale token is sent again once refreshed). */
const posted = () => [
  ...new Set(
    server.calls.filter((c) => c.method === 'POST' && c.path.startsWith('/admin/')).map((c) => c.path),
  ),
];

// One server for the file, and one sign-in: the component setup signs out after each test, and a
// second sign-in of a staff member here never completed. The screens that send nothing start
// signed in without a server's tokens.
let server: FakePortalServer;
beforeAll(() => {
  server = new FakePortalServer();
  server.signedInAs = { roles: ['admin'], auths: STAFF_AUTHS };
  server.answers.set(reviewPath, reviewed);
  server.answers.set(reopenPath, waiting);
  vi.stubGlobal('fetch', server.fetch);
});
afterAll(() => {
  vi.unstubAllGlobals();
});

const render = (state: ReviewState, { locale = 'gb', signedIn = false } = {}) =>
  renderScreen(<ReviewPanel patientId={PATIENT} />, {
    locale: locale as 'gb' | 'cn',
    staff: signedIn ? undefined : { email: EMAIL, auths: STAFF_AUTHS },
    data: [[['clinic-chart', EMAIL, PATIENT, 'review'], state]],
  });

describe('marking the intake reviewed, and reopening the review', () => {
  test('once confirmed, marks it reviewed; once confirmed, reopens it', async () => {
    await login({ email: EMAIL, password: 'Correct horse 12', keepLoggedIn: false });
    const screen = await render(waiting, { signedIn: true });
    await screen.getByRole('button', { name: 'Mark reviewed' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Mark reviewed' }).click();
    await expect.element(screen.getByRole('status')).toHaveTextContent('The intake is marked reviewed.');
    expect(posted()).toEqual([reviewPath]);

    server.calls.length = 0;
    const reopen = screen.getByRole('button', { name: 'Reopen review' });
    await reopen.click();
    const dialog = page.getByRole('alertdialog', { name: 'Reopen the review?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.element(reopen).toHaveFocus();
    expect(posted()).toEqual([]);

    await reopen.click();
    await dialog.getByRole('button', { name: 'Reopen review' }).click();
    await expect
      .element(screen.getByRole('status'))
      .toHaveTextContent('The review is reopened: the intake waits for review again.');
    expect(posted()).toEqual([reopenPath]);
    await expect.element(screen.getByRole('button', { name: 'Mark reviewed' })).toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Reopen review' })).not.toBeInTheDocument();
  });

  test('asks first; cancel (button or Escape) changes nothing and gives the focus back', async () => {
    server.calls.length = 0;
    const screen = await render(waiting);
    const mark = screen.getByRole('button', { name: 'Mark reviewed' });
    await mark.click();
    const dialog = page.getByRole('alertdialog', { name: 'Mark the intake reviewed?' });
    await expect.element(dialog).toBeVisible();
    await expect.element(dialog.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await expectNoAxeViolations(document.body);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    await expect.element(mark).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    await expect.element(dialog).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog).not.toBeInTheDocument();
    await expect.element(mark).toHaveFocus();
    expect(posted()).toEqual([]);
  });

  test('reopening is offered in cn, and not for a change request', async () => {
    const screen = await render(reviewed, { locale: 'cn' });
    await screen.getByRole('button', { name: '重新打开审核' }).click();
    await expect.element(page.getByRole('alertdialog', { name: '重新打开审核？' })).toBeVisible();
    await page.getByRole('button', { name: '取消' }).click();
    screen.unmount();
    const asked = await render({
      ...reviewed,
      reviews: [{ ...reviewed.reviews[0]!, outcome: 'changes_requested', sections: ['contact'], note: 'x' }],
    });
    await expect.element(asked.getByRole('button', { name: 'Reopen review' })).not.toBeInTheDocument();
  });
});
