import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { Route, Routes } from 'react-router';
import type { MyEquipment } from '@portal/protocol';
import { login } from '../../../src/api/auth-api.ts';
import { setActingFor } from '../../../src/api/acting-for.ts';
import { clearSession } from '../../../src/api/session.ts';
import DeliverPage from '../../../src/features/equipment/DeliverPage.tsx';
import { MARGARET, margaretGrant } from '../../../testing/acting-for.ts';
import { deviceOrder, walkerItem } from '../../../testing/device-order.ts';
import { FakePortalServer } from '../../../testing/fake-portal-server.ts';
import { renderScreen, closeScreen } from '../../../testing/render-screen.tsx';

const EMAIL = 'sam@example.com';
const atTheDoor = deviceOrder({
  status: 'out_for_delivery',
  holds: [],
  actions: ['deliver'],
  items: [walkerItem({ serial_number: 'WK-2291' })],
});
const mine: MyEquipment = { orders: [atTheDoor], tasks: [], resupplies: [], signer_name: 'Sam Patel' };
const DELIVER = '/patient/orders/deliver/';

let server: FakePortalServer;
beforeEach(async () => {
  server = new FakePortalServer();
  vi.stubGlobal('fetch', server.fetch);
  await login({ email: EMAIL, password: 'Correct horse 12', keepLoggedIn: false });
  server.answers.set('/patient/orders/', mine);
  server.answers.set('/patient/contact/', {
    value: { address: { line1: '1 High Street', city: 'London', postal_code: 'N1 1AA', country: 'GB' } },
    version: 1,
    updated_at: null,
    draft: null,
  });
  server.answers.set(DELIVER, { order: { ...atTheDoor, status: 'delivered', actions: [], has_proof: true } });
});
afterEach(async () => {
  await closeScreen();
  clearSession('logout');
  setActingFor(null);
  vi.unstubAllGlobals();
});

const open = (actingFor = false, equipment = mine) =>
  renderScreen(
    <Routes>
      <Route path="/equipment/:orderId/deliver" element={<DeliverPage />} />
    </Routes>,
    {
      url: `/equipment/${atTheDoor.id}/deliver`,
      data: [[['equipment', EMAIL, actingFor ? MARGARET.patient_id : '', 'mine'], equipment]],
    },
  );

/** A stroke across the pad with the browser's own mouse, as a finger would draw it. */
async function drawSignature(screen: Awaited<ReturnType<typeof open>>) {
  const pad = screen.getByTestId('signature-pad');
  await userEvent.dragAndDrop(pad, pad, {
    sourcePosition: { x: 20, y: 40 },
    targetPosition: { x: 160, y: 90 },
  });
}

describe('the proof of delivery at the door', () => {
  test('lists each item with its code, quantity and serial, and prefills the full name and the address', async () => {
    const screen = await open();
    const printedName = screen.getByRole('textbox', { name: 'Printed name of the person signing' });
    await expect.element(printedName).toHaveValue('Sam Patel');
    await expect.element(screen.getByText('Code E0143 · Quantity: 1')).toBeVisible();
    await expect.element(screen.getByText('Serial number: WK-2291')).toBeVisible();
    await expect
      .element(screen.getByRole('textbox', { name: 'Delivery address' }))
      .toHaveValue('1 High Street, London, N1 1AA');
  });

  test('refuses a designee without a relationship, then signs', async () => {
    const screen = await open();
    const printedName = screen.getByRole('textbox', { name: 'Printed name of the person signing' });
    await screen.getByRole('radio', { name: 'Someone else here with me' }).click();
    await expect.element(printedName).toHaveValue('');
    await screen.getByRole('radio', { name: 'Me, the patient' }).click();
    await expect.element(printedName).toHaveValue('Sam Patel');
    await screen.getByRole('radio', { name: 'Someone else here with me' }).click();
    await printedName.fill('Ann Lee');
    await drawSignature(screen);
    await screen.getByRole('checkbox', { name: /I received the items listed/ }).click();
    await screen.getByRole('button', { name: 'Sign and confirm delivery' }).click();
    await expect.element(screen.getByText('Choose the relationship to the patient.')).toBeVisible();
    await expect
      .element(screen.getByRole('combobox', { name: 'Relationship to the patient' }))
      .toHaveAttribute('aria-invalid', 'true');
    expect(server.calls.filter((call) => call.path === DELIVER)).toEqual([]);

    await screen.getByRole('combobox', { name: 'Relationship to the patient' }).selectOptions('daughter');
    await screen.getByRole('button', { name: 'Sign and confirm delivery' }).click();
    await expect
      .element(screen.getByRole('status'))
      .toHaveTextContent('Thank you. The delivery is confirmed and signed.');
    await expect.element(screen.getByRole('button', { name: 'Download proof of delivery' })).toBeVisible();
    expect(server.calls.filter((call) => call.path === DELIVER).map((call) => call.method)).toEqual(['POST']);
  });

  test('asks for the signature before it sends anything', async () => {
    const screen = await open();
    await screen.getByRole('checkbox', { name: /I received the items listed/ }).click();
    await screen.getByRole('button', { name: 'Sign and confirm delivery' }).click();
    await expect.element(screen.getByText('Draw the signature first.')).toBeVisible();
    expect(server.calls.filter((call) => call.path === DELIVER)).toEqual([]);
  });

  test("a caregiver acting for the patient signs as the patient's representative, in their own full name", async () => {
    setActingFor(MARGARET.patient_id);
    server.answers.set('/account/caregivers/', {
      given: [],
      received: [margaretGrant(['view_orders', 'act_on_orders'])],
      representative_signing_allowed: true,
      is_patient: false,
    });
    const screen = await open(true, { ...mine, signer_name: 'Mei Chen' });
    await expect
      .element(screen.getByRole('radio', { name: "I sign as Margaret's representative" }))
      .toBeChecked();
    // The caregiver signs in their own name, not the patient's.
    await expect
      .element(screen.getByRole('textbox', { name: 'Printed name of the person signing' }))
      .toHaveValue('Mei Chen');
    expect(screen.getByRole('radio', { name: 'Me, the patient' }).elements()).toHaveLength(0);
  });
});
