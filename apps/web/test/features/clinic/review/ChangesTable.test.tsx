import { describe, expect, test } from 'vitest';
import type { ReviewOutcome, ReviewState } from '@portal/protocol';
import { ReviewPanel } from '../../../../src/features/clinic/review/ReviewPanel.tsx';
import { renderScreen } from '../../../../testing/render-screen.tsx';

const EMAIL = 'sam@example.com';
const PATIENT = '00000000-0000-4000-8000-0000000000aa';
const first = { id: '00000000-0000-4000-8000-0000000000b1', submitted_at: '2026-11-20T09:00:00.000Z' };
const second = { id: '00000000-0000-4000-8000-0000000000b2', submitted_at: '2026-11-25T09:00:00.000Z' };
const handedInOnce: ReviewState = { submission: first, awaiting_review: true, reviews: [], changes: null };

/** Handed in again after a review of the first hand-in with this outcome: the server sends the changes. */
const since = (outcome: ReviewOutcome): ReviewState => ({
  submission: second,
  awaiting_review: true,
  reviews: [
    {
      id: '00000000-0000-4000-8000-0000000000c1',
      submission_id: first.id,
      outcome,
      sections: outcome === 'changes_requested' ? ['contact'] : [],
      note: outcome === 'changes_requested' ? 'Please add your mobile number.' : null,
      reviewer: { first_name: 'Rita', last_name: 'Reviewer', email: 'rita@example.com' },
      created_at: '2026-11-21T10:00:00.000Z',
    },
  ],
  changes: {
    since: first,
    fields: [{ section: 'contact', path: ['phone'], before: '0123', after: '0456' }],
  },
});

// Nothing here is sent: the review state is in the cache as the server would have answered it.
const render = (state: ReviewState, locale: 'gb' | 'cn' = 'gb') =>
  renderScreen(<ReviewPanel patientId={PATIENT} />, {
    locale,
    staff: { email: EMAIL, auths: ['read_chart'] },
    data: [[['clinic-chart', EMAIL, PATIENT, 'review'], state]],
  });

const changesHeading = (screen: Awaited<ReturnType<typeof render>>) =>
  screen.getByRole('heading', { name: /^Changed since/ });

describe('the changes table, named after the review it compares with', () => {
  test('after a review: "Changed since the last review", with the hand-ins compared', async () => {
    const screen = await render(since('reviewed'));
    await expect.element(changesHeading(screen)).toHaveTextContent('Changed since the last review');
    await expect
      .element(screen.getByText(/^Handed in on .+, compared with the hand-in of .+\.$/))
      .toBeVisible();
    await expect
      .element(screen.getByRole('table', { name: 'Fields changed since the last review' }))
      .toBeVisible();
  });

  test('after a change request: "Changed since changes were requested", in gb and cn', async () => {
    const screen = await render(since('changes_requested'));
    await expect.element(changesHeading(screen)).toHaveTextContent('Changed since changes were requested');
    await expect
      .element(screen.getByText(/^Handed in on .+, compared with the hand-in of .+\.$/))
      .toBeVisible();
    screen.unmount();
    const cn = await render(since('changes_requested'), 'cn');
    await expect.element(cn.getByRole('heading', { name: '自要求修改以来的更改' })).toBeVisible();
  });

  test('a patient who handed in once and was never reviewed sees no "Changed since" heading', async () => {
    const screen = await render(handedInOnce);
    await expect.element(screen.getByText(/waiting for review/)).toBeVisible();
    expect(changesHeading(screen).elements()).toEqual([]);
    screen.unmount();
    // Were changes ever sent without a review, there would be no review to name them after.
    const unreviewed = await render({ ...since('reviewed'), reviews: [] });
    await expect.element(unreviewed.getByText(/waiting for review/)).toBeVisible();
    expect(changesHeading(unreviewed).elements()).toEqual([]);
  });
});
