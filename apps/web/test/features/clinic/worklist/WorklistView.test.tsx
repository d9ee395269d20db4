import { describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { WorklistOrder, WorklistPage, WorklistQueue, WorklistRow } from '@portal/protocol';
import { columnNames } from '../../../../testing/column-names.ts';
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
    order: null,
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
function queuePage(
  queue: WorklistQueue,
  items: WorklistRow[],
  {
    total = items.length,
    page = 1,
    q = '',
    sort = '',
    mine = false,
    holdReason = '',
    holdCounts = null as WorklistPage['hold_counts'],
  } = {},
) {
  const answer: WorklistPage = {
    queues: [
      { queue: 'intake_new', count: queue === 'intake_new' ? total : 3 },
      { queue: 'declined_documents', count: queue === 'declined_documents' ? total : 1 },
      { queue: 'orders_on_hold', count: queue === 'orders_on_hold' ? total : 2 },
    ],
    queue,
    items,
    total,
    page,
    page_size: 25,
    hold_counts: holdCounts,
  };
  return [['clinic-worklist', STAFF, queue, page, q, sort, mine, holdReason], answer] as const;
}

const sam = { id: '2b3c4d5e-6f70-4812-9a3b-4c5d6e7f8091', first_name: 'Sam', last_name: 'Staff' };
const jo = { id: '3c4d5e6f-7081-4923-8b4c-5d6e7f809102', first_name: 'Jo', last_name: 'Nurse' };

/** Who may work each queue, as the assignee list answers. */
const assignees = (queue: WorklistQueue) =>
  [['clinic-worklist', STAFF, 'assignees', queue], { items: [sam, jo] }] as const;

function renderWorklist(
  queue: WorklistQueue,
  pages: ReturnType<typeof queuePage>[],
  { locale = 'gb' as 'gb' | 'cn' } = {},
) {
  return renderScreen(<WorklistView />, {
    url: `/users?view=attention&queue=${queue}`,
    data: [...pages, assignees(queue)],
    locale,
    staff: { email: STAFF, auths: ['manage_documents', 'review_intake', 'manage_orders'] },
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
    expect(await columnNames(table)).toEqual([
      'Patient',
      'Needs attention',
      'When',
      'Assigned to',
      'Actions',
    ]);
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

  test('a queue the server stopped counting shows "1,000+" and pages on while pages are full', async () => {
    await page.viewport(1280, 900);
    const full = Array.from({ length: 25 }, (_, i) => row(i + 1));
    const deep = await renderScreen(<WorklistView />, {
      url: '/users?view=attention&queue=intake_new&page=40',
      data: [
        queuePage('intake_new', full, { total: 1000, page: 40 }),
        queuePage('intake_new', full.slice(0, 3), { total: 1000, page: 41 }),
        assignees('intake_new'),
      ],
      staff: { email: STAFF, auths: ['manage_documents', 'review_intake', 'manage_orders'] },
    });
    const queues = deep.getByRole('navigation', { name: 'Queues' });
    await expect
      .element(queues.getByRole('link', { name: 'Intake to review 1,000 or more patients' }))
      .toHaveTextContent('1,000+');
    const pages = deep.getByRole('navigation', { name: 'Pages of Intake to review' });
    await expect.element(pages).toHaveTextContent('976–1,000 of at least 1,000');
    await expect.element(pages).toHaveTextContent('Page 40 of at least 40');
    await pages.getByRole('button', { name: 'Next page' }).click();
    await expect.element(pages).toHaveTextContent('1,001–1,003 of at least 1,003');
    await expect.element(pages.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await expectNoAxeViolations(deep.container);
  });

  test('withdrawing a declined document asks once more in the row, all from the keyboard', async () => {
    await page.viewport(1280, 900);
    const screen = await renderWorklist('declined_documents', [queuePage('declined_documents', [mei])]);
    const withdraw = screen.getByRole('button', {
      name: 'Withdraw the request for “Consent form” from Mei Chen',
    });

    // A click on the row's time sets where Tab starts: who has it, Re-send, then Withdraw.
    await screen.getByRole('cell', { name: /^Declined \d/ }).click();
    await userEvent.keyboard('{Tab}');
    await expect.element(screen.getByRole('combobox', { name: 'Assign Mei Chen’s item to' })).toHaveFocus();
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

describe('finding, ordering and assigning', () => {
  const ines = row(2, {
    patient: { id: '4d5e6f70-8192-4a34-9c5d-6e7f80910213', first_name: 'Ines', last_name: 'Ortiz' },
  });

  test('searches from the keyboard, orders by waiting time and keeps "assigned to me", each with its label', async () => {
    await page.viewport(1280, 900);
    const screen = await renderWorklist('intake_new', [
      queuePage('intake_new', [mei, ines]),
      queuePage('intake_new', [mei], { q: 'mei' }),
      queuePage('intake_new', [mei], { q: 'mei', sort: 'oldest' }),
      queuePage('intake_new', [], { q: 'mei', sort: 'oldest', mine: true }),
    ]);
    const search = screen.getByRole('searchbox', { name: 'Find a patient' });
    await expect
      .element(search)
      .toHaveAccessibleDescription('The start of a name or e-mail address, or a date of birth (31/01/1950).');
    await search.click();
    await userEvent.keyboard('mei{Enter}');
    await expect
      .element(screen.getByRole('link', { name: 'Open patient Ines Ortiz' }))
      .not.toBeInTheDocument();
    await expect.element(screen.getByRole('link', { name: 'Open patient Mei Chen' })).toBeVisible();

    const order = screen.getByRole('combobox', { name: 'Order' });
    await order.selectOptions('Waiting longest first');
    await expect.element(order).toHaveValue('oldest');
    await expect.element(screen.getByRole('link', { name: 'Open patient Mei Chen' })).toBeVisible();

    const mine = screen.getByRole('checkbox', { name: 'Assigned to me' });
    await mine.element().focus();
    await userEvent.keyboard(' ');
    await expect.element(mine).toBeChecked();
    await expect.element(screen.getByRole('cell', { name: 'Nothing in this queue matches.' })).toBeVisible();
    await expectNoAxeViolations(screen.container);
  });

  test('shows who has each row and offers the staff who may work the queue, or nobody', async () => {
    await page.viewport(1280, 900);
    const screen = await renderWorklist('intake_new', [
      queuePage('intake_new', [{ ...mei, assignee: jo }, ines]),
    ]);
    const meiAssignee = screen.getByRole('combobox', { name: 'Assign Mei Chen’s item to' });
    await expect.element(meiAssignee).toHaveDisplayValue('Jo Nurse');
    const inesAssignee = screen.getByRole('combobox', { name: 'Assign Ines Ortiz’s item to' });
    await expect.element(inesAssignee).toHaveDisplayValue('Nobody');
    expect([...(inesAssignee.element() as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Nobody',
      'Sam Staff',
      'Jo Nurse',
    ]);
    await meiAssignee.element().focus();
    await expect.element(meiAssignee).toHaveFocus();
    await expectNoAxeViolations(screen.container);
  });

  test('in Chinese on a phone, the tools fit the screen and read in Chinese', async () => {
    await page.viewport(390, 844);
    const screen = await renderWorklist('intake_new', [queuePage('intake_new', [{ ...mei, assignee: jo }])], {
      locale: 'cn',
    });
    for (const control of [
      screen.getByRole('searchbox', { name: '查找患者' }),
      screen.getByRole('combobox', { name: '排序' }),
      screen.getByRole('checkbox', { name: '分配给我的' }),
      screen.getByRole('combobox', { name: /的事项分配给$/ }),
    ]) {
      await expect.element(control).toBeVisible();
      expect(control.element().getBoundingClientRect().right).toBeLessThanOrEqual(390);
    }
    await expectNoAxeViolations(screen.container);
  });
});

describe('the orders desk’s queues', () => {
  const order = (change: Partial<WorklistOrder> = {}): WorklistOrder => ({
    id: '9e8d7c6b-5a49-4382-9172-615049382716',
    status: 'on_hold',
    item_gb: 'Wheelchair',
    item_cn: '轮椅',
    hold_reasons: ['insurance_issue', 'prescription_needed'],
    delivery: null,
    resupply_prompt_id: null,
    ...change,
  });
  const held = row(3, {
    patient: { id: '5e6f7081-92a3-4b45-8d6e-7f8091021324', first_name: 'Hana', last_name: 'Ito' },
    order: order(),
  });
  const walker = row(4, {
    patient: { id: '6f708192-a3b4-4c56-9e7f-809102132435', first_name: 'Omar', last_name: 'Aziz' },
    order: order({
      id: '0a1b2c3d-4e5f-4a6b-8c7d-8e9fa0b1c2d3',
      item_gb: 'Walker',
      item_cn: '助行器',
      hold_reasons: ['insurance_issue'],
    }),
  });
  const holdCounts: WorklistPage['hold_counts'] = [
    { reason: 'prescription_needed', count: 1 },
    { reason: 'prior_authorisation_pending', count: 0 },
    { reason: 'insurance_issue', count: 2 },
    { reason: 'assessment_needed', count: 0 },
    { reason: 'signature_needed', count: 0 },
    // Counted as the queues are: at the cap, "at least".
    { reason: 'patient_unreachable', count: 1000 },
  ];

  test('lists orders on hold with their reasons, links each to the patient’s orders and narrows by reason from the keyboard', async () => {
    await page.viewport(1280, 900);
    const screen = await renderWorklist('orders_on_hold', [
      queuePage('orders_on_hold', [held, walker], { holdCounts }),
      queuePage('orders_on_hold', [held], { holdCounts, holdReason: 'prescription_needed' }),
    ]);
    await expect
      .element(
        screen
          .getByRole('navigation', { name: 'Queues' })
          .getByRole('link', { name: 'Orders on hold 2 orders' }),
      )
      .toHaveAttribute('aria-current', 'page');
    const table = screen.getByRole('table', { name: 'Orders on hold' });
    const hana = table.getByRole('row').filter({ hasText: 'Hana Ito' });
    await expect.element(hana).toHaveTextContent('Wheelchair: Insurance issue; Prescription needed');
    await expect.element(hana).toHaveTextContent('On hold since');
    await expect
      .element(hana.getByRole('link', { name: 'Open orders of Hana Ito' }))
      .toHaveAttribute('href', `/users/${held.patient.id}#orders`);
    await expect
      .element(hana.getByRole('link', { name: 'Hana Ito', exact: true }))
      .toHaveAttribute('href', `/users/${held.patient.id}#orders`);

    const reason = screen.getByRole('combobox', { name: 'Hold reason' });
    expect([...(reason.element() as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Every reason',
      'Prescription needed (1)',
      'Prior authorisation pending (0)',
      'Insurance issue (2)',
      'BF-ADL assessment needed (0)',
      'Patient signature needed (0)',
      'Patient unreachable (1,000+)',
    ]);
    await reason.element().focus();
    await expect.element(reason).toHaveFocus();
    await reason.selectOptions('Prescription needed (1)');
    await expect.element(reason).toHaveValue('prescription_needed');
    await expect.element(table.getByRole('row').filter({ hasText: 'Omar Aziz' })).not.toBeInTheDocument();
    await expect.element(table.getByRole('row').filter({ hasText: 'Hana Ito' })).toBeVisible();
    await expectNoAxeViolations(screen.container);
  });

  const window = { starts_at: '2026-11-29T09:00:00.000Z', ends_at: '2026-11-29T11:00:00.000Z' };
  test.each<[WorklistQueue, Partial<WorklistOrder>, string]>([
    ['deliveries_today', { status: 'delivery_scheduled', delivery: window }, 'Wheelchair: Delivery booked, '],
    [
      'proofs_missing',
      { status: 'out_for_delivery', delivery: window },
      'Wheelchair: out for delivery, window ended',
    ],
    [
      'resupplies_due',
      { status: 'completed', resupply_prompt_id: '1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9' },
      'Wheelchair: resupply due, the patient has not answered',
    ],
    ['rentals_ending', { status: 'in_rental' }, 'Wheelchair: the rental is ending'],
    ['orders_overdue', { status: 'approved' }, 'Wheelchair: Approved, nothing shipped'],
  ])('words a row of %s for the order (%j)', async (queue, change, text) => {
    await page.viewport(1280, 900);
    const screen = await renderWorklist(queue, [
      queuePage(queue, [{ ...held, order: order({ hold_reasons: null, ...change }) }]),
    ]);
    await expect.element(screen.getByRole('row').filter({ hasText: 'Hana Ito' })).toHaveTextContent(text);
    await expect.element(screen.getByRole('combobox', { name: 'Hold reason' })).not.toBeInTheDocument();
  });

  test('in Chinese on a phone, the reason filter and the row read in Chinese and fit', async () => {
    await page.viewport(390, 844);
    const screen = await renderWorklist(
      'orders_on_hold',
      [queuePage('orders_on_hold', [held], { holdCounts })],
      {
        locale: 'cn',
      },
    );
    const reason = screen.getByRole('combobox', { name: '暂停原因' });
    await expect.element(reason).toBeVisible();
    expect(reason.element().getBoundingClientRect().right).toBeLessThanOrEqual(390);
    await expect
      .element(screen.getByRole('row').filter({ hasText: '轮椅' }))
      .toHaveTextContent('轮椅：保险问题；需要处方');
    await expect.element(screen.getByRole('link', { name: /^打开订单：/ })).toBeVisible();
    await expectNoAxeViolations(screen.container);
  });
});
