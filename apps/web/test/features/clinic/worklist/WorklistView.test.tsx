import { describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { WorklistPage, WorklistQueue, WorklistRow } from '@portal/protocol';
import { expectNoAxeViolations } from '../../../../testing/axe.ts';
import { renderScreen } from '../../../../testing/render-screen.tsx';
import { WorklistView } from '../../../../src/features/clinic/worklist/WorklistView.tsx';

const STAFF = 'sam.staff@clinic.example';

function row(n: number, change: Partial<WorklistRow> = {}): WorklistRow {
  return {
    patient: {
      id: `6c2b1a09-8f7e-4d6c-9b5a-${String(n).padStart(12, '0')}`,
      first_name: `Given${n}`,
      last_name: `Family${n}`,
    },
    at: '2026-11-20T10:15:00.000Z',
    never_answered: null,
    document: null,
    flags: null,
    unread: null,
    thread_id: null,
    assignee: null,
    ...change,
  };
}

const mei = row(1, {
  patient: { id: '6c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a99', first_name: 'Mei', last_name: 'Chen' },
  document: {
    assignment_id: '1d2c3b4a-5e6f-4789-8a9b-0c1d2e3f4a5b',
    title: 'Consent form',
    version: 2,
    due_at: null,
    reason: 'The dates are wrong.',
  },
  thread_id: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d',
});

/** One page of a queue as the server answers it, under the key the view's query asks for. */
function queuePage(queue: WorklistQueue, items: WorklistRow[], { total = items.length, page = 1 } = {}) {
  const answer: WorklistPage = {
    queues: [
      { queue: 'intake_new', count: queue === 'intake_new' ? total : 3 },
      { queue: 'declined_documents', count: queue === 'declined_documents' ? total : 1 },
    ],
    queue,
    items,
    total,
    page,
    page_size: 25,
  };
  return [['clinic-worklist', STAFF, queue, page], answer] as const;
}

function renderWorklist(queue: WorklistQueue, pages: ReturnType<typeof queuePage>[]) {
  return renderScreen(<WorklistView />, {
    url: `/users?view=attention&queue=${queue}`,
    data: pages,
    staff: { email: STAFF, auths: ['manage_documents', 'review_intake'] },
  });
}

describe('the worklist on a wide screen', () => {
  test('names its queues with their counts, marks the open one, and lists its rows', async () => {
    await page.viewport(1280, 900);
    const screen = await renderWorklist('declined_documents', [queuePage('declined_documents', [mei])]);
    const queues = screen.getByRole('navigation', { name: 'Queues' });
    await expect.element(queues.getByRole('link', { name: 'Intake to review 3 patients' })).toBeVisible();
    await expect
      .element(queues.getByRole('link', { name: 'Declined documents 1 patient' }))
      .toHaveAttribute('aria-current', 'page');

    const table = screen.getByRole('table', { name: 'Declined documents' });
    expect(
      table
        .getByRole('columnheader')
        .elements()
        .map((h) => h.textContent),
    ).toEqual(['Patient', 'Needs attention', 'When', 'Actions']);
    const meiRow = table.getByRole('row').filter({ hasText: 'Mei Chen' });
    await expect.element(meiRow).toHaveTextContent('Declined “Consent form”');
    await expect.element(meiRow).toHaveTextContent('The dates are wrong.');
    await expect.element(meiRow.getByRole('link', { name: 'Open conversation with Mei Chen' })).toBeVisible();
    await expectNoAxeViolations(screen.container);
  });

  test('an empty queue says so', async () => {
    await page.viewport(1280, 900);
    const screen = await renderWorklist('intake_new', [queuePage('intake_new', [])]);
    await expect
      .element(screen.getByRole('cell', { name: 'Nothing is waiting in this queue.' }))
      .toBeVisible();
    const pages = screen.getByRole('navigation', { name: 'Pages of Intake to review' });
    await expect.element(pages).toHaveTextContent('0–0 of 0');
    await expect.element(pages.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await expectNoAxeViolations(screen.container);
  });

  test('pages through a long queue, each row opening its patient', async () => {
    await page.viewport(1280, 900);
    const rows = Array.from({ length: 30 }, (_, i) => row(i + 1));
    const screen = await renderWorklist('intake_new', [
      queuePage('intake_new', rows.slice(0, 25), { total: 30 }),
      queuePage('intake_new', rows.slice(25), { total: 30, page: 2 }),
    ]);
    const pages = screen.getByRole('navigation', { name: 'Pages of Intake to review' });
    await expect.element(pages).toHaveTextContent('1–25 of 30');
    await expect.element(screen.getByRole('link', { name: 'Open patient Given1 Family1' })).toBeVisible();

    await pages.getByRole('button', { name: 'Next page' }).click();
    await expect.element(pages).toHaveTextContent('26–30 of 30');
    await expect.element(screen.getByRole('link', { name: 'Open patient Given26 Family26' })).toBeVisible();
    await expect
      .element(screen.getByRole('link', { name: 'Open patient Given1 Family1' }))
      .not.toBeInTheDocument();
  });

  test('withdrawing a declined document asks once more in the row, all from the keyboard', async () => {
    await page.viewport(1280, 900);
    const screen = await renderWorklist('declined_documents', [queuePage('declined_documents', [mei])]);
    const withdraw = screen.getByRole('button', {
      name: 'Withdraw the request for “Consent form” from Mei Chen',
    });

    // A click on the row's time sets where Tab starts: Re-send, then Withdraw.
    await screen.getByRole('cell', { name: /^Declined \d/ }).click();
    await userEvent.keyboard('{Tab}');
    await expect
      .element(screen.getByRole('button', { name: 'Re-send “Consent form” to Mei Chen' }))
      .toHaveFocus();
    await userEvent.keyboard('{Tab}');
    await expect.element(withdraw).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    const confirm = screen.getByRole('group', { name: 'Withdraw “Consent form” from Mei Chen?' });
    await expect.element(confirm.getByRole('button', { name: 'Yes, withdraw' })).toHaveFocus();
    await expectNoAxeViolations(screen.container);
    await userEvent.keyboard('{Tab}');
    await expect.element(confirm.getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.element(confirm).not.toBeInTheDocument();
    await expect.element(withdraw).toHaveFocus();
  });
});
