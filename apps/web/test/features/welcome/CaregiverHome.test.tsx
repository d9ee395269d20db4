import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import type { ActingForGrant, CaregiversOverview, MyEquipment } from '@portal/protocol';
import { getActingFor, setActingFor } from '../../../src/api/acting-for.ts';
import { login } from '../../../src/api/auth-api.ts';
import { clearSession } from '../../../src/api/session.ts';
import WelcomePage from '../../../src/features/welcome/WelcomePage.tsx';
import { expectNoAxeViolations } from '../../../testing/axe.ts';
import { closeScreen, renderScreen } from '../../../testing/render-screen.tsx';
import { margaretGrant } from '../../../testing/acting-for.ts';
import { deviceOrder } from '../../../testing/device-order.ts';
import { FakePortalServer } from '../../../testing/fake-portal-server.ts';

const MARGARET = margaretGrant(['view_intake', 'view_documents']);

/** The grants as the caregivers hook reads them from the cache (no one signed in: username ''). */
const overview = (isPatient: boolean, received = [MARGARET]) =>
  [
    ['caregivers', '', 'overview'],
    { given: [], received, representative_signing_allowed: false, is_patient: isPatient },
  ] as const satisfies readonly [unknown, CaregiversOverview];

// Closed before the next test: a patient's home left open keeps fetching, and its handshake on the
// real fetch would be joined by the next test's sign-in.
afterEach(async () => {
  await closeScreen();
  setActingFor(null);
});

describe('the home of a caregiver-only account (decision 0032)', () => {
  for (const [locale, open, intro] of [
    ['gb', 'Open their record', 'You help the people below.'],
    ['cn', '打开其档案', '您正在协助以下人员。'],
  ] as const) {
    test(`shows the people they help and no task of their own (${locale})`, async () => {
      await page.viewport(390, 844);
      const screen = await renderScreen(<WelcomePage />, { locale, data: [overview(false)] });
      await expect.element(screen.getByText(intro, { exact: false })).toBeVisible();
      await expect.element(screen.getByRole('heading', { name: 'Margaret' })).toBeVisible();
      expect(screen.getByRole('link').elements()).toEqual([]);
      expect(screen.container.textContent).not.toMatch(/intake|BF-ADL|入院登记表/i);
      await expectNoAxeViolations(screen.container);

      const button = screen.getByRole('button', { name: new RegExp(`^${open}.*Margaret$`) });
      await button.click();
      expect(getActingFor()).toBe(MARGARET.patient_id);
    });
  }

  test('says so when they help no one', async () => {
    const screen = await renderScreen(<WelcomePage />, { data: [overview(false, [])] });
    await expect
      .element(screen.getByText('You do not help anyone at the moment.', { exact: false }))
      .toBeVisible();
    expect(screen.getByRole('button').elements()).toEqual([]);
  });

  test('a patient who also helps someone still sees their own tasks', async () => {
    await page.viewport(1280, 900);
    const screen = await renderScreen(<WelcomePage />, { data: [overview(true)] });
    await expect.element(screen.getByRole('heading', { name: 'Intake form' })).toBeVisible();
    expect(screen.getByRole('button', { name: /Open their record/ }).elements()).toEqual([]);
  });
});

describe("a caregiver-only home lists each helped patient's equipment tasks (decisions 0032, 0035)", () => {
  const EMAIL = 'sam@example.com';
  const order = deviceOrder();
  const name = order.items[0]!.name;
  const tasks: MyEquipment = {
    orders: [order],
    resupplies: [],
    signer_name: 'Sam Patel',
    tasks: [
      { kind: 'clear_hold', order_id: order.id, hold: order.holds[0]!, prompt_id: null, name },
      { kind: 'choose_slot', order_id: order.id, hold: null, prompt_id: null, name },
    ],
  };
  const PETER = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
  const ROSA = '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a';
  const received: ActingForGrant[] = [
    margaretGrant(['view_orders', 'act_on_orders']),
    { ...margaretGrant(['view_orders']), id: PETER, patient_id: PETER, patient_name: 'Peter' },
    { ...margaretGrant(['view_intake']), id: ROSA, patient_id: ROSA, patient_name: 'Rosa' },
  ];
  let server: FakePortalServer;

  beforeEach(async () => {
    server = new FakePortalServer();
    vi.stubGlobal('fetch', server.fetch);
    await login({ email: EMAIL, password: 'Correct horse 12', keepLoggedIn: false });
    server.answers.set('/patient/orders/', tasks);
  });
  afterEach(async () => {
    await closeScreen();
    clearSession('logout');
    vi.unstubAllGlobals();
  });

  test('reads them per grant, offers steps only where the grant may act, and a step opens that record', async () => {
    await page.viewport(390, 844);
    const screen = await renderScreen(<WelcomePage />, {
      data: [
        [
          ['caregivers', EMAIL, 'overview'],
          { given: [], received, representative_signing_allowed: false, is_patient: false },
        ],
      ],
    });
    const margarets = screen.getByRole('region', { name: "Margaret's equipment" });
    await expect.element(margarets).toBeVisible();
    await expect
      .element(margarets.getByRole('heading', { name: 'Folding walker with wheels: choose a delivery time' }))
      .toBeVisible();
    const peters = screen.getByRole('region', { name: "Peter's equipment" });
    await expect.element(peters.getByRole('heading', { name: /BF-ADL/ })).toBeVisible();
    // Peter's grant lets them see his orders, not act on them.
    expect(peters.getByRole('link').elements()).toEqual([]);
    expect(screen.getByRole('region', { name: "Rosa's equipment" }).elements()).toEqual([]);
    // Each patient's orders are read under that patient's grant; Rosa's not at all.
    const reads = server.calls.filter((call) => call.path === '/patient/orders/');
    // A refetch on the window's focus (the test runner moves it) may read one again.
    expect(new Set(reads.map((call) => call.actingFor))).toEqual(new Set([MARGARET.patient_id, PETER]));
    await expectNoAxeViolations(screen.container);

    const step = margarets.getByRole('link', { name: /^Choose a time\b.*Folding walker with wheels$/ });
    await expect.element(step).toHaveAttribute('href', `/equipment#order-${order.id}`);
    await step.click();
    expect(getActingFor()).toBe(MARGARET.patient_id);
  });

  test('in cn', async () => {
    const screen = await renderScreen(<WelcomePage />, {
      locale: 'cn',
      data: [
        [
          ['caregivers', EMAIL, 'overview'],
          {
            given: [],
            received: received.slice(0, 1),
            representative_signing_allowed: false,
            is_patient: false,
          },
        ],
      ],
    });
    await expect
      .element(screen.getByRole('link', { name: /^选择时间/ }))
      .toHaveAttribute('href', `/equipment#order-${order.id}`);
  });
});
