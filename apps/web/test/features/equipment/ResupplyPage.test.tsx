import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import type { MyEquipment } from '@portal/protocol';
import { login } from '../../../src/api/auth-api.ts';
import { clearSession } from '../../../src/api/session.ts';
import ResupplyPage from '../../../src/features/equipment/ResupplyPage.tsx';
import { deviceOrder, resupplyPrompt } from '../../../testing/device-order.ts';
import { FakePortalServer } from '../../../testing/fake-portal-server.ts';
import { renderScreen, closeScreen } from '../../../testing/render-screen.tsx';

const EMAIL = 'sam@example.com';
const prompt = resupplyPrompt();
const due: MyEquipment = { orders: [], tasks: [], resupplies: [prompt], signer_name: 'Sam Patel' };

let server: FakePortalServer;
beforeEach(async () => {
  server = new FakePortalServer();
  vi.stubGlobal('fetch', server.fetch);
  await login({ email: EMAIL, password: 'Correct horse 12', keepLoggedIn: false });
  server.answers.set('/patient/orders/', due);
});
afterEach(async () => {
  await closeScreen();
  clearSession('logout');
  vi.unstubAllGlobals();
});

const open = (locale: 'gb' | 'cn') =>
  renderScreen(
    <Routes>
      <Route path="/equipment/resupply/:promptId" element={<ResupplyPage />} />
    </Routes>,
    { locale, url: `/equipment/resupply/${prompt.id}`, data: [[['equipment', EMAIL, '', 'mine'], due]] },
  );

describe('a resupply answer', () => {
  test('asks both questions before it sends anything', async () => {
    const screen = await open('gb');
    await expect.element(screen.getByText('Full face mask cushion')).toBeVisible();
    await screen.getByRole('button', { name: 'Send my answers' }).click();
    await expect
      .element(screen.getByRole('group', { name: 'Do you still use it?' }))
      .toHaveTextContent('Choose one.');
    expect(server.calls.filter((call) => call.path === '/patient/orders/resupply/')).toEqual([]);
  });

  test.each([
    ['gb', 'Yes', 'Worn', 'Send my answers', 'Thank you. New supplies have been ordered.'],
    ['cn', '是', '有磨损', '发送我的回答', '谢谢。已为您订购新的耗材。'],
  ] as const)('a confirmed answer shows the new order (%s)', async (locale, yes, worn, send, ordered) => {
    const newOrder = deviceOrder({
      id: '00000000-0000-4000-8000-0000000000b3',
      status: 'submitted',
      holds: [],
      items: prompt.items,
      resupply_of: prompt.order_id,
    });
    server.answers.set('/patient/orders/resupply/', { new_order: newOrder });
    const screen = await open(locale);
    await screen.getByRole('radio', { name: yes, exact: true }).click();
    await screen.getByRole('radio', { name: worn }).click();
    await screen.getByRole('button', { name: send }).click();
    await expect.element(screen.getByRole('status')).toHaveTextContent(ordered);
    expect(server.calls.filter((call) => call.path === '/patient/orders/resupply/')).toHaveLength(1);
  });

  test('"no" sends nothing and says so', async () => {
    server.answers.set('/patient/orders/resupply/', { new_order: null });
    const screen = await open('gb');
    await screen.getByRole('radio', { name: 'No', exact: true }).click();
    await screen.getByRole('radio', { name: 'Good' }).click();
    await screen.getByRole('button', { name: 'Send my answers' }).click();
    await expect.element(screen.getByRole('status')).toHaveTextContent('Thank you, nothing will be sent.');
  });
});
