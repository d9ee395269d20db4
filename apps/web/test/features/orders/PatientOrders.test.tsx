import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { STAFF_PRESETS, type CatalogueItem, type DeviceOrder } from '@portal/protocol';
import { login } from '../../../src/api/auth-api.ts';
import { PatientOrders } from '../../../src/features/orders/staff/index.ts';
import { expectNoAxeViolations } from '../../../testing/axe.ts';
import { FakePortalServer } from '../../../testing/fake-portal-server.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';

const EMAIL = 'sam@example.com';
const PATIENT = '00000000-0000-4000-8000-0000000000aa';
const ORDER = '00000000-0000-4000-8000-0000000000b1';
const ITEM = '00000000-0000-4000-8000-0000000000b2';
const WHEELCHAIR = '00000000-0000-4000-8000-0000000000c1';
const WALKER = '00000000-0000-4000-8000-0000000000c2';
const HOLD = '00000000-0000-4000-8000-0000000000d1';
const listPath = '/admin/orders/';
const movePath = '/admin/orders/move/';
const slotsPath = '/admin/orders/slots/';
const bookPath = '/admin/orders/slot/';
const SLOT_1 = '00000000-0000-4000-8000-0000000000e1';
const SLOT_2 = '00000000-0000-4000-8000-0000000000e2';

const catalogueItem = (id: string, hcpcs: string, name: string, active = true): CatalogueItem => ({
  id,
  hcpcs,
  category: 'mobility',
  name_gb: name,
  name_cn: `${name}（中文）`,
  prepare_gb: '',
  prepare_cn: '',
  supply: 'purchase',
  rental_months: null,
  resupply_days: null,
  maintenance_months: null,
  requires_prescription: true,
  requires_prior_authorisation: false,
  bf_adl_within_days: 30,
  form_template_id: null,
  manual_template_id: null,
  active,
  version: 1,
  updated_at: '2026-11-01T09:00:00.000Z',
});

const order = (changes: Partial<DeviceOrder>): DeviceOrder => ({
  id: ORDER,
  patient_id: PATIENT,
  status: 'submitted',
  version: 2,
  items: [
    {
      id: ITEM,
      catalogue_item_id: WHEELCHAIR,
      hcpcs: 'K0001',
      name: { gb: 'Standard wheelchair', cn: '标准轮椅' },
      category: 'mobility',
      supply: 'rental',
      quantity: 1,
      serial_number: null,
      manual_template_id: null,
      prepare: { gb: '', cn: '' },
    },
  ],
  holds: [],
  slots: [],
  delivery: null,
  prescribed_by: 'Dr Dee',
  created_at: '2026-11-20T09:00:00.000Z',
  approved_at: null,
  delivered_at: null,
  rental: null,
  maintenance_due_at: null,
  overdue: false,
  has_proof: false,
  resupply_of: null,
  thread_id: null,
  actions: ['hold', 'approve', 'cancel'],
  events: [
    {
      at: '2026-11-20T09:00:00.000Z',
      action: 'create',
      actor: 'prescriber',
      actor_name: 'Dee Doctor',
      from_status: null,
      to_status: 'draft',
      hold_reason: null,
      note: 'Needs it before discharge',
    },
  ],
  ...changes,
});

const onHold = order({
  status: 'on_hold',
  version: 3,
  holds: [
    {
      id: HOLD,
      reason: 'prior_authorisation_pending',
      opened_at: '2026-11-21T09:00:00.000Z',
      step: null,
      assignment_id: null,
    },
  ],
  actions: ['hold', 'release', 'cancel'],
});
const approved = order({ status: 'approved', version: 5, actions: ['schedule', 'hold', 'cancel'] });

let server: FakePortalServer;
beforeAll(() => {
  server = new FakePortalServer();
  server.signedInAs = { roles: ['admin'], auths: ['read_chart', 'manage_orders'] };
  server.answers.set('/admin/catalogue/', {
    items: [
      catalogueItem(WHEELCHAIR, 'K0001', 'Standard wheelchair'),
      catalogueItem(WALKER, 'E0143', 'Folding walker'),
      catalogueItem('00000000-0000-4000-8000-0000000000c3', 'E0163', 'Commode chair', false),
    ],
  });
  vi.stubGlobal('fetch', server.fetch);
});
afterAll(() => {
  vi.unstubAllGlobals();
});
// Every test signs in: the session ends after each one (testing/component-setup.ts).
beforeEach(async () => {
  await login({ email: EMAIL, password: 'Correct horse 12', keepLoggedIn: false });
  server.calls.length = 0;
  server.sealedBodies.length = 0;
  server.refusals.clear();
});

/** The server's list of the patient's orders, before and after a write. */
function serve(before: DeviceOrder, after: DeviceOrder) {
  server.answers.set(listPath, { items: [before] });
  for (const path of [movePath, slotsPath, bookPath]) server.answers.set(path, { order: after });
}

const sent = (path: string) => server.sealedBodies.filter((b) => b.path === path).map((b) => b.body);
const render = () => renderScreen(<PatientOrders patientId={PATIENT} />);

describe('"Equipment orders" on the patient page, for a clinician at the orders desk', () => {
  test('lists an order with its status, items and history, and approves it', async () => {
    serve(order({}), approved);
    const screen = await render();
    const article = screen.getByRole('article', { name: 'Standard wheelchair' });
    await expect.element(article).toHaveTextContent('Status: Ordered');
    await expect.element(article).toHaveTextContent('K0001 Standard wheelchair × 1');
    await article.getByText('History').click();
    await expect
      .element(article)
      .toHaveTextContent('Order written · Dee Doctor · “Needs it before discharge”');
    await expectNoAxeViolations(screen.container);

    await article.getByRole('button', { name: 'Approve Standard wheelchair' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve this order?' });
    server.answers.set(listPath, { items: [approved] });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    await expect.element(article).toHaveTextContent('Status: Approved');
    expect(sent(movePath)).toEqual([{ id: ORDER, version: 2, action: 'approve', note: '', serials: [] }]);
  });

  test('puts an order on hold with a reason, and clears the hold', async () => {
    serve(order({}), onHold);
    const screen = await render();
    const article = screen.getByRole('article', { name: 'Standard wheelchair' });
    await article.getByRole('button', { name: 'Put on hold Standard wheelchair' }).click();
    const dialog = page.getByRole('dialog', { name: 'Put this order on hold' });
    await dialog.getByRole('button', { name: 'Put on hold' }).click();
    await expect.element(dialog.getByText('Required.')).toBeVisible();
    await dialog.getByLabelText('Reason').selectOptions('Prior authorisation pending');
    await dialog.getByLabelText('Note (optional)').fill('Waiting for the insurer');
    server.answers.set(listPath, { items: [onHold] });
    await dialog.getByRole('button', { name: 'Put on hold' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    await expect.element(article).toHaveTextContent('On hold: Prior authorisation pending');
    expect(sent(movePath)).toEqual([
      {
        id: ORDER,
        version: 2,
        action: 'hold',
        reason: 'prior_authorisation_pending',
        note: 'Waiting for the insurer',
        serials: [],
      },
    ]);

    server.answers.set(movePath, { order: order({ version: 4 }) });
    await article
      .getByRole('button', { name: 'Clear hold: Prior authorisation pending Standard wheelchair' })
      .click();
    const clear = page.getByRole('dialog', { name: 'Clear the hold “Prior authorisation pending”' });
    server.answers.set(listPath, { items: [order({ version: 4 })] });
    await clear.getByRole('button', { name: 'Clear hold' }).click();
    await expect.element(clear).not.toBeInTheDocument();
    await expect.element(article).toHaveTextContent('Status: Ordered');
    expect(sent(movePath)[1]).toEqual({
      id: ORDER,
      version: 3,
      action: 'release',
      reason: 'prior_authorisation_pending',
      note: '',
      serials: [],
    });
  });

  test('offers delivery slots, rows added and removed by keyboard, sent as ISO times', async () => {
    serve(approved, approved);
    const screen = await render();
    const opener = screen.getByRole('button', { name: 'Offer delivery times Standard wheelchair' });
    await expect.element(opener).toBeVisible();
    // Nothing on offer yet: no time to book, only times to offer.
    expect(screen.getByRole('button', { name: /^Book a delivery time/ }).elements()).toEqual([]);
    (opener.element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = page.getByRole('dialog', { name: 'Offer delivery times' });
    await expect.element(dialog).toBeVisible();
    await dialog.getByRole('group', { name: 'Window 1' }).getByLabelText('Date').fill('2026-12-03');
    await dialog.getByRole('button', { name: 'Add a time' }).click();
    const second = dialog.getByRole('group', { name: 'Window 2' });
    await expect.element(second.getByLabelText('Date')).toHaveFocus();
    await second.getByLabelText('Date').fill('2026-12-04');
    await second.getByLabelText('From').fill('14:00');
    await second.getByLabelText('Until').fill('13:00');
    await dialog.getByRole('button', { name: 'Add a time' }).click();
    await dialog.getByRole('button', { name: 'Remove window 3' }).click();
    await expect.element(dialog.getByRole('button', { name: 'Add a time' })).toHaveFocus();
    await dialog.getByRole('button', { name: 'Offer times' }).click();
    await expect.element(second.getByText('The window must end after it starts.')).toBeVisible();
    expect(sent(slotsPath)).toEqual([]);
    await second.getByLabelText('Until').fill('17:00');
    await expectNoAxeViolations(document.body);
    await dialog.getByRole('button', { name: 'Offer times' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    await expect.element(opener).toHaveFocus();
    const iso = (local: string) => new Date(local).toISOString();
    expect(sent(slotsPath)).toEqual([
      {
        id: ORDER,
        version: 5,
        slots: [
          { starts_at: iso('2026-12-03T09:00'), ends_at: iso('2026-12-03T12:00') },
          { starts_at: iso('2026-12-04T14:00'), ends_at: iso('2026-12-04T17:00') },
        ],
      },
    ]);
  });

  test('books an offered time for a patient on the phone, by keyboard', async () => {
    const offered = order({
      ...approved,
      slots: [
        { id: SLOT_1, starts_at: '2026-12-03T09:00:00.000Z', ends_at: '2026-12-03T12:00:00.000Z' },
        { id: SLOT_2, starts_at: '2026-12-04T14:00:00.000Z', ends_at: '2026-12-04T17:00:00.000Z' },
      ],
    });
    const scheduled = order({
      status: 'delivery_scheduled',
      version: 6,
      delivery: { starts_at: '2026-12-04T14:00:00.000Z', ends_at: '2026-12-04T17:00:00.000Z' },
      actions: ['schedule', 'dispatch', 'hold', 'cancel'],
    });
    serve(offered, scheduled);
    const screen = await render();
    const opener = screen.getByRole('button', { name: 'Book a delivery time Standard wheelchair' });
    await expect.element(opener).toBeVisible();
    (opener.element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = page.getByRole('dialog', { name: 'Book a delivery time' });
    await expect.element(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Book this time' }).click();
    await expect.element(dialog.getByText('Choose one.')).toBeVisible();
    expect(sent(bookPath)).toEqual([]);
    const times = dialog.getByRole('group', { name: 'Delivery time' }).getByRole('radio');
    expect(times.elements()).toHaveLength(2);
    (times.first().element() as HTMLElement).focus();
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(times.nth(1)).toBeChecked();
    await expectNoAxeViolations(document.body);
    server.answers.set(listPath, { items: [scheduled] });
    await dialog.getByRole('button', { name: 'Book this time' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    await expect.element(screen.getByRole('article')).toHaveTextContent('Status: Delivery booked');
    expect(sent(bookPath)).toEqual([{ id: ORDER, version: 5, slot_id: SLOT_2 }]);
  });

  test('a cancellation asks why; Escape closes the dialog and focus returns to its button', async () => {
    serve(order({}), order({}));
    const screen = await render();
    const opener = screen.getByRole('button', { name: 'Cancel order Standard wheelchair' });
    await expect.element(opener).toBeVisible();
    (opener.element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expect.element(dialog.getByText('Required.')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog).not.toBeInTheDocument();
    await expect.element(opener).toHaveFocus();
    expect(sent(movePath)).toEqual([]);
  });

  test('a refused move says so in the dialog', async () => {
    serve(order({}), approved);
    server.refusals.set(movePath, { status: 409, code: 10409, message: 'Conflict' });
    const screen = await render();
    await screen.getByRole('button', { name: 'Approve Standard wheelchair' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve this order?' });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect
      .element(dialog.getByRole('alert'))
      .toHaveTextContent(
        'This order changed meanwhile, or this step is no longer possible. Reload the page.',
      );
  });

  test('orders equipment from the active catalogue, as a draft or submitted', async () => {
    server.answers.set(listPath, { items: [] });
    const screen = await render();
    await expect.element(screen.getByText('No equipment ordered.')).toBeVisible();
    await screen.getByRole('button', { name: 'Order equipment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Order equipment' });
    await expect.element(dialog.getByRole('group', { name: 'Mobility' })).toBeVisible();
    expect(dialog.getByText(/Commode chair/).elements()).toEqual([]);
    await dialog.getByRole('button', { name: 'Submit order' }).click();
    await expect
      .element(dialog.getByRole('alert'))
      .toHaveTextContent('Enter a quantity for at least one item.');
    await dialog.getByLabelText('K0001 Standard wheelchair: quantity').fill('1');
    await dialog.getByLabelText('Note for the orders desk (optional)').fill('Lives alone');
    await expectNoAxeViolations(document.body);
    server.answers.set(listPath, { items: [order({})] });
    server.answers.set(`POST ${listPath}`, { order: order({}) });
    await dialog.getByRole('button', { name: 'Save as draft' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(sent(listPath)).toEqual([
      {
        patient_id: PATIENT,
        items: [{ catalogue_item_id: WHEELCHAIR, quantity: 1 }],
        note: 'Lives alone',
        submit: false,
      },
    ]);
  });
});

describe('what each reader is offered', () => {
  const asStaff = (email: string, auths: readonly string[], orders: DeviceOrder[]) =>
    renderScreen(<PatientOrders patientId={PATIENT} />, {
      staff: { email, auths },
      data: [[['orders', email, 'patient', PATIENT], orders]],
    });

  test('a clinician without manage_orders orders equipment but has no desk moves', async () => {
    // The server lists the moves this reader may make: a prescriber's only (cancel, here).
    const screen = await asStaff('doc@example.com', STAFF_PRESETS.clinician, [
      order({ actions: ['cancel'] }),
    ]);
    await expect.element(screen.getByRole('button', { name: 'Order equipment' })).toBeVisible();
    const article = screen.getByRole('article', { name: 'Standard wheelchair' });
    await expect.element(article.getByRole('button', { name: /^Cancel order/ })).toBeVisible();
    for (const move of [/^Approve/, /^Put on hold/, /^Offer delivery times/, /^Clear hold/]) {
      expect(article.getByRole('button', { name: move }).elements()).toEqual([]);
    }
  });

  test('the front desk moves orders but sees no "Order equipment"', async () => {
    const screen = await asStaff('desk@example.com', STAFF_PRESETS.front_desk, [onHold]);
    await expect
      .element(screen.getByRole('button', { name: /^Clear hold: Prior authorisation pending/ }))
      .toBeVisible();
    expect(screen.getByRole('button', { name: 'Order equipment' }).elements()).toEqual([]);
  });

  test('shows delivery, rental, overdue and the proof in cn', async () => {
    const delivered = order({
      status: 'in_rental',
      overdue: true,
      has_proof: true,
      delivered_at: '2026-09-01T10:00:00.000Z',
      rental: {
        started_at: '2026-09-01T10:00:00.000Z',
        months_total: 13,
        months_used: 3,
        ends_at: '2027-10-01T10:00:00.000Z',
      },
      actions: ['schedule_return', 'complete'],
    });
    const screen = await renderScreen(<PatientOrders patientId={PATIENT} />, {
      locale: 'cn',
      staff: { email: 'desk@example.com', auths: STAFF_PRESETS.front_desk },
      data: [[['orders', 'desk@example.com', 'patient', PATIENT], [delivered]]],
    });
    const article = screen.getByRole('article', { name: '标准轮椅' });
    await expect.element(article).toHaveTextContent('状态：租用中');
    await expect.element(article).toHaveTextContent('已逾期');
    await expect.element(article).toHaveTextContent('租用第 3 个月，共 13 个月');
    await expect.element(article.getByRole('button', { name: '下载送货证明 标准轮椅' })).toBeVisible();
    await expect.element(article.getByRole('button', { name: '预约取回 标准轮椅' })).toBeVisible();
    await expectNoAxeViolations(screen.container);
  });
});
