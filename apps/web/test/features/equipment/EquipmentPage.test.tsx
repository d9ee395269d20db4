import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import type { MyEquipment } from '@portal/protocol';
import { login } from '../../../src/api/auth-api.ts';
import { clearSession } from '../../../src/api/session.ts';
import EquipmentPage from '../../../src/features/equipment/EquipmentPage.tsx';
import { deviceOrder, orderWithSlots } from '../../../testing/device-order.ts';
import { FakePortalServer } from '../../../testing/fake-portal-server.ts';
import { renderScreen, closeScreen } from '../../../testing/render-screen.tsx';

// The account the fake server signs in.
const EMAIL = 'sam@example.com';
const MINE = ['equipment', EMAIL, '', 'mine'];

const onHold = deviceOrder({
  holds: [
    ...deviceOrder().holds,
    {
      id: '00000000-0000-4000-8000-0000000000f2',
      reason: 'signature_needed',
      opened_at: '2026-11-20T09:00:00.000Z',
      step: 'sign_form',
      assignment_id: '00000000-0000-4000-8000-0000000000d9',
    },
    {
      id: '00000000-0000-4000-8000-0000000000f3',
      reason: 'prior_authorisation_pending',
      opened_at: '2026-11-20T09:00:00.000Z',
      step: null,
      assignment_id: null,
    },
  ],
});
const past = deviceOrder({ id: '00000000-0000-4000-8000-0000000000b9', status: 'completed', holds: [] });
const equipment = (orders: MyEquipment['orders']): MyEquipment => ({
  orders,
  tasks: [],
  resupplies: [],
  signer_name: 'Sam Patel',
});

let server: FakePortalServer;
beforeEach(async () => {
  server = new FakePortalServer();
  vi.stubGlobal('fetch', server.fetch);
  await login({ email: EMAIL, password: 'Correct horse 12', keepLoggedIn: false });
});
afterEach(async () => {
  await closeScreen();
  clearSession('logout');
  vi.unstubAllGlobals();
});

const open = (locale: 'gb' | 'cn', mine: MyEquipment) => {
  server.answers.set('/patient/orders/', mine);
  return renderScreen(
    <Routes>
      <Route path="/equipment" element={<EquipmentPage />} />
    </Routes>,
    { locale, url: '/equipment', data: [[MINE, mine]] },
  );
};

describe('My equipment', () => {
  test.each([
    [
      'gb',
      'My equipment',
      'Folding walker with wheels',
      'On hold',
      'Answer the BF-ADL',
      'Sign the form',
      'Past orders (1)',
    ],
    ['cn', '我的设备', '带轮折叠助行器', '暂停处理', '填写 BF-ADL 评估', '签署表格', '过往订单（1）'],
  ] as const)(
    'lists each order with what holds it up and a link to the step that clears it (%s)',
    async (locale, title, item, status, bfAdl, signForm, pastLabel) => {
      const screen = await open(locale, equipment([onHold, past]));
      await expect.element(screen.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect.element(screen.getByRole('heading', { level: 2, name: item }).first()).toBeVisible();
      await expect.element(screen.getByText(status, { exact: true }).first()).toBeVisible();
      await expect
        .element(screen.getByRole('link', { name: bfAdl }))
        .toHaveAttribute('href', '/welcome/bf-adl');
      await expect
        .element(screen.getByRole('link', { name: signForm }))
        .toHaveAttribute('href', '/welcome/documents/00000000-0000-4000-8000-0000000000d9');
      // The staff's hold is named, with nothing for the patient to press.
      expect(screen.getByRole('link').elements()).toHaveLength(2);
      await expect.element(screen.getByText(pastLabel)).toBeVisible();
    },
  );

  test('books a delivery time chosen from those offered', async () => {
    const offered = orderWithSlots();
    const screen = await open('gb', equipment([offered]));
    await screen.getByRole('button', { name: 'Choose this time' }).click();
    await expect.element(screen.getByText('Choose one.')).toBeVisible();
    expect(server.calls.filter((call) => call.path === '/patient/orders/slot/')).toEqual([]);

    const booked = {
      ...offered,
      status: 'delivery_scheduled' as const,
      slots: [],
      actions: [],
      delivery: { starts_at: offered.slots[0]!.starts_at, ends_at: offered.slots[0]!.ends_at },
    };
    server.answers.set('/patient/orders/slot/', { order: booked });
    server.answers.set('/patient/orders/', equipment([booked]));
    await screen.getByRole('radio').first().click();
    await screen.getByRole('button', { name: 'Choose this time' }).click();
    await expect.element(screen.getByText(/^Delivery: /)).toBeVisible();
    await expect.element(screen.getByText('Delivery booked')).toBeVisible();
    expect(screen.getByRole('radio').elements()).toHaveLength(0);
    const posts = server.calls.filter(
      (call) => call.method === 'POST' && call.path.startsWith('/patient/orders/'),
    );
    expect(posts.map((call) => call.path)).toEqual(['/patient/orders/slot/']);
  });

  test.each([
    ['gb', 'Delivered on 28 November 2026', /^Delivery: /],
    ['cn', '已于2026年11月28日送达', /^送货时间：/],
  ] as const)(
    'names the day a delivered order came, not its booked window (%s)',
    async (locale, said, window) => {
      const delivered = deviceOrder({
        status: 'delivered',
        holds: [],
        delivery: { starts_at: '2026-11-30T09:00:00.000Z', ends_at: '2026-11-30T12:00:00.000Z' },
        delivered_at: '2026-11-28T10:30:00.000Z',
      });
      const screen = await open(locale, equipment([delivered]));
      await expect.element(screen.getByText(said)).toBeVisible();
      expect(screen.getByText(window).elements()).toHaveLength(0);
    },
  );

  test('sends "I need supplies" and leads to the conversation', async () => {
    const delivered = deviceOrder({ status: 'delivered', holds: [] });
    const screen = await open('gb', equipment([delivered]));
    await screen.getByRole('button', { name: /^I need supplies/ }).click();
    await screen.getByRole('button', { name: 'Send' }).click();
    await expect.element(screen.getByText('This field is required.')).toBeVisible();
    server.answers.set('/patient/orders/message/', { thread_id: '00000000-0000-4000-8000-000000000091' });
    await screen.getByRole('textbox', { name: 'Your message' }).fill('Two more filters, please.');
    await screen.getByRole('button', { name: 'Send' }).click();
    await expect.element(screen.getByText('Your message has been sent to your care team.')).toBeVisible();
    await expect
      .element(screen.getByRole('link', { name: 'Open the conversation' }))
      .toHaveAttribute('href', '/equipment?chat=open');
  });
});
