import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { MyEquipment } from '@portal/protocol';
import { login } from '../../../src/api/auth-api.ts';
import { clearSession } from '../../../src/api/session.ts';
import { EquipmentTasks } from '../../../src/features/equipment/EquipmentTasks.tsx';
import { deviceOrder, resupplyPrompt } from '../../../testing/device-order.ts';
import { FakePortalServer } from '../../../testing/fake-portal-server.ts';
import { renderScreen, closeScreen } from '../../../testing/render-screen.tsx';

const EMAIL = 'sam@example.com';
const order = deviceOrder();
const name = order.items[0]!.name;
const prompt = resupplyPrompt();
const withTasks: MyEquipment = {
  orders: [order],
  resupplies: [prompt],
  signer_name: 'Sam Patel',
  tasks: [
    { kind: 'clear_hold', order_id: order.id, hold: order.holds[0]!, prompt_id: null, name },
    { kind: 'choose_slot', order_id: order.id, hold: null, prompt_id: null, name },
    { kind: 'answer_resupply', order_id: prompt.order_id, hold: null, prompt_id: prompt.id, name },
  ],
};

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

describe("the welcome page's equipment tasks", () => {
  test.each([
    ['gb', 'Answer the BF-ADL', 'Choose a time', 'Answer two questions'],
    ['cn', '填写 BF-ADL 评估', '选择时间', '回答两个问题'],
  ] as const)('each leads to its step in one tap (%s)', async (locale, bfAdl, slot, resupply) => {
    server.answers.set('/patient/orders/', withTasks);
    const screen = await renderScreen(<EquipmentTasks />, {
      locale,
      data: [[['equipment', EMAIL, '', 'mine'], withTasks]],
    });
    await expect
      .element(screen.getByRole('link', { name: new RegExp(`^${bfAdl}`) }))
      .toHaveAttribute('href', '/welcome/bf-adl');
    await expect
      .element(screen.getByRole('link', { name: new RegExp(`^${slot}`) }))
      .toHaveAttribute('href', `/equipment#order-${order.id}`);
    await expect
      .element(screen.getByRole('link', { name: new RegExp(`^${resupply}`) }))
      .toHaveAttribute('href', `/equipment/resupply/${prompt.id}`);
  });

  test('shows nothing once the server has no task left', async () => {
    const done: MyEquipment = { ...withTasks, tasks: [] };
    server.answers.set('/patient/orders/', done);
    const screen = await renderScreen(<EquipmentTasks />, {
      data: [[['equipment', EMAIL, '', 'mine'], done]],
    });
    expect(screen.container.querySelector('section')).toBeNull();
  });
});
