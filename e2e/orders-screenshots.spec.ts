import { expect, test, type Locator, type Page } from '@playwright/test';
import { SAMPLE_COVERAGE } from '@portal/server/testing';
import { catalogue, orderResult, type DeviceOrder } from '@portal/protocol';
import type { PortalClient } from '@portal/protocol/testing';
import { signedInClient, userIdOf } from './clinic-fixtures.ts';
import { drawSignature } from './documents-fixtures.ts';
import { createVerifiedPatient, type Account } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { CLINICIAN, FRONT_DESK } from './support/portal.ts';
import { shot } from './support/screenshot.ts';
import { signIn } from './support/session.ts';
import { settled } from './support/settled.ts';

/**
 * docs/screenshots/orders-*: the device-order screens the journey (device-orders.spec.ts) leaves
 * unphotographed, each checked by axe. The patient's screens on a gb desktop and a cn phone, the
 * proof-of-delivery form on a desktop, and the staff's orders section and dialogs on a phone.
 * The resupply screens are not here: a resupply prompt comes only from the `orders` job once
 * an interval has passed since delivery, which takes the journey's moved clock.
 */

type Locale = 'gb' | 'cn';
type Device = 'phone' | 'desktop';
const VIEWPORTS: Record<Device, { width: number; height: number }> = {
  phone: { width: 375, height: 667 },
  desktop: { width: 1280, height: 800 },
};

const PATIENT_SCREENS = ['welcome-hold', 'my-equipment', 'my-equipment-slots'] as const;
const STAFF_SCREENS = ['patient-orders', 'order-dialog', 'slot-dialog', 'dispatch-dialog'] as const;
type Screen = (typeof PATIENT_SCREENS)[number] | 'deliver' | (typeof STAFF_SCREENS)[number];

/** What docs/screenshots lacks, by locale and device. */
const MISSING: readonly { locale: Locale; device: Device; screens: readonly Screen[] }[] = [
  { locale: 'gb', device: 'desktop', screens: [...PATIENT_SCREENS, 'deliver'] },
  { locale: 'gb', device: 'phone', screens: STAFF_SCREENS },
  { locale: 'cn', device: 'desktop', screens: ['deliver'] },
  { locale: 'cn', device: 'phone', screens: [...PATIENT_SCREENS, ...STAFF_SCREENS] },
];

/** The staff's buttons and the slot dialog's fields (the web app's orders-staff strings). */
const WORDS = {
  gb: {
    prescribe: 'Order equipment',
    offerSlots: 'Offer delivery times',
    dispatch: 'Dispatch',
    slotDay: 'Date',
    slotStarts: 'From',
    slotEnds: 'Until',
    deliveryAddress: 'Delivery address',
    consent: 'I received the items listed. I am not employed by the equipment provider.',
  },
  cn: {
    prescribe: '订购设备',
    offerSlots: '提供送货时间',
    dispatch: '发货',
    slotDay: '日期',
    slotStarts: '开始',
    slotEnds: '结束',
    deliveryAddress: '送货地址',
    consent: '我已收到以上所列物品。我不是设备供应商的雇员。',
  },
} as const;

const HOUR = 3600_000;

/** The patient's orders, one per state a screen shows, each of a demo catalogue item. */
interface Orders {
  /** K0001: held for the BF-ADL a new patient has not answered. */
  held: DeviceOrder;
  /** E0163: approved, with two delivery windows offered. */
  offered: DeviceOrder;
  /** E0260: a window chosen, waiting to be dispatched. */
  scheduled: DeviceOrder;
  /** E1390: out for delivery, to be signed for. */
  outForDelivery: DeviceOrder;
  /** E2601: delivered, confirmed by the desk. */
  delivered: DeviceOrder;
}

const parsedOrder = (answer: unknown) => orderResult.parse(answer).order;

async function moveAs(staff: PortalClient, order: DeviceOrder, action: string, extra: object = {}) {
  return parsedOrder(
    await staff.post(
      '/admin/orders/move/',
      { id: order.id, version: order.version, action, ...extra },
      { encrypt: true },
    ),
  );
}

async function offerWindows(desk: PortalClient, order: DeviceOrder) {
  const tomorrow = new Date(Date.now() + 24 * HOUR);
  tomorrow.setUTCHours(9, 0, 0, 0);
  const window = (startHours: number) => ({
    starts_at: new Date(tomorrow.getTime() + startHours * HOUR).toISOString(),
    ends_at: new Date(tomorrow.getTime() + (startHours + 3) * HOUR).toISOString(),
  });
  return parsedOrder(
    await desk.post(
      '/admin/orders/slots/',
      { id: order.id, version: order.version, slots: [window(0), window(4)] },
      { encrypt: true },
    ),
  );
}

/** A new, insured patient of this locale with an order in each state, all made through the API. */
async function patientWithOrders(locale: Locale): Promise<{ patient: Account; id: string; orders: Orders }> {
  const patient = await createVerifiedPatient(`orders-shots-${locale}`, 'Jun', locale, '1948-03-09');
  const id = await userIdOf(patient.email);
  const own = await signedInClient(patient);
  await own.post(
    '/patient/insurance/',
    { version: 0, value: { ...SAMPLE_COVERAGE, subscriber_name: 'Jun Tester' } },
    { encrypt: true },
  );
  const clinician = await signedInClient(CLINICIAN);
  const desk = await signedInClient(FRONT_DESK);
  const items = catalogue.parse(await desk.get('/admin/catalogue/')).items;
  const prescribe = async (hcpcs: string) => {
    const item = items.find((entry) => entry.hcpcs === hcpcs && entry.active);
    if (!item) throw new Error(`no active ${hcpcs} in the demo catalogue`);
    return parsedOrder(
      await clinician.post(
        '/admin/orders/',
        { patient_id: id, items: [{ catalogue_item_id: item.id, quantity: 1 }], note: '', submit: true },
        { encrypt: true },
      ),
    );
  };
  /** Approved, offered two windows, and the first chosen by the patient. */
  const scheduled = async (hcpcs: string) => {
    const offered = await offerWindows(desk, await moveAs(desk, await prescribe(hcpcs), 'approve'));
    return parsedOrder(
      await own.post(
        '/patient/orders/slot/',
        { id: offered.id, version: offered.version, slot_id: offered.slots[0]!.id },
        { encrypt: true },
      ),
    );
  };
  const dispatched = async (hcpcs: string) => {
    const order = await scheduled(hcpcs);
    const serials = order.items.map((item) => ({ item_id: item.id, serial_number: `SN-${hcpcs}-0001` }));
    return moveAs(desk, order, 'dispatch', { serials });
  };
  const held = await prescribe('K0001');
  expect(held.holds.map((hold) => hold.reason)).toEqual(['assessment_needed']);
  const offered = await offerWindows(desk, await moveAs(desk, await prescribe('E0163'), 'approve'));
  const orders: Orders = {
    held,
    offered,
    scheduled: await scheduled('E0260'),
    outForDelivery: await dispatched('E1390'),
    delivered: await moveAs(desk, await dispatched('E2601'), 'deliver'),
  };
  return { patient, id, orders };
}

type Person = 'patient' | 'clinician' | 'desk';

interface Setup {
  locale: Locale;
  patient: Account;
  patientId: string;
  orders: Orders;
}

/** Brings `target` to the top of the viewport, below the sticky navbar. */
async function scrollToTop(target: Locator) {
  await target.evaluate((element) => {
    element.scrollIntoView();
    window.scrollBy(0, -80);
  });
}

/** A staff member's article of one order in the patient page's orders section. */
const staffArticle = (page: Page, order: DeviceOrder) =>
  page.locator('#orders').locator(`article[aria-labelledby="order-${order.id}"]`);

/** An order's card on "My equipment". */
const patientCard = (page: Page, order: DeviceOrder) => page.locator(`#order-${order.id}`);

async function openStaffDialog(page: Page, { patientId }: Setup, button: Locator) {
  await page.goto(`/users/${patientId}`);
  await button.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Each screen: who sees it, whether the shot is the full page, and how it is brought about. */
const SCREENS: Record<
  Screen,
  { person: Person; fullPage: boolean; show: (page: Page, setup: Setup) => Promise<void> }
> = {
  'welcome-hold': {
    person: 'patient',
    fullPage: true,
    show: async (page) => {
      await page.goto('/welcome');
      // The hold's own task, not the BF-ADL task card the welcome page also links there.
      await expect(
        page.locator('.equipment-tasks a.welcome-card__action[href="/welcome/bf-adl"]'),
      ).toBeVisible();
    },
  },
  'my-equipment': {
    person: 'patient',
    fullPage: true,
    show: async (page, { orders }) => {
      await page.goto('/equipment');
      for (const order of Object.values(orders)) await expect(patientCard(page, order)).toBeVisible();
      // The sign link is sized to its words like the card's other buttons, not stretched across it.
      const card = patientCard(page, orders.outForDelivery);
      const sign = await card
        .locator(`a[href="/equipment/${orders.outForDelivery.id}/deliver"]`)
        .boundingBox();
      expect(sign!.width).toBeLessThan((await card.boundingBox())!.width * 0.8);
    },
  },
  'my-equipment-slots': {
    person: 'patient',
    fullPage: false,
    show: async (page, { orders }) => {
      await page.goto('/equipment');
      const card = patientCard(page, orders.offered);
      await card.getByRole('radio').first().check();
      await scrollToTop(card);
    },
  },
  deliver: {
    person: 'patient',
    fullPage: true,
    show: async (page, { locale, orders }) => {
      await page.goto(`/equipment/${orders.outForDelivery.id}/deliver`);
      const words = WORDS[locale];
      const address = page.getByRole('textbox', { name: words.deliveryAddress });
      await expect(address).toBeVisible();
      if ((await address.inputValue()) === '') await address.fill('1 Harbour Road, Northbridge');
      await drawSignature(page);
      await page.getByRole('checkbox', { name: words.consent }).check();
    },
  },
  'patient-orders': {
    person: 'desk',
    fullPage: false,
    show: async (page, { patientId, orders }) => {
      await page.goto(`/users/${patientId}`);
      for (const order of Object.values(orders)) await expect(staffArticle(page, order)).toBeVisible();
      await scrollToTop(page.locator('#orders'));
    },
  },
  'order-dialog': {
    person: 'clinician',
    fullPage: false,
    show: async (page, setup) => {
      const button = page.locator('#orders').getByRole('button', { name: WORDS[setup.locale].prescribe });
      const dialog = await openStaffDialog(page, setup, button);
      await dialog.getByLabel(/K0001/).fill('1');
    },
  },
  'slot-dialog': {
    person: 'desk',
    fullPage: false,
    show: async (page, setup) => {
      const words = WORDS[setup.locale];
      const button = staffArticle(page, setup.orders.offered).getByRole('button', {
        name: new RegExp(`^${words.offerSlots}`),
      });
      const dialog = await openStaffDialog(page, setup, button);
      const first = dialog.getByRole('group').first();
      await first.getByLabel(words.slotDay).fill(dayAfterTomorrow());
      await first.getByLabel(words.slotStarts).fill('09:00');
      await first.getByLabel(words.slotEnds).fill('12:00');
    },
  },
  'dispatch-dialog': {
    person: 'desk',
    fullPage: false,
    show: async (page, setup) => {
      const words = WORDS[setup.locale];
      const button = staffArticle(page, setup.orders.scheduled).getByRole('button', {
        name: new RegExp(`^${words.dispatch}`),
      });
      const dialog = await openStaffDialog(page, setup, button);
      await dialog.getByRole('textbox').first().fill('SN-E0260-0042');
    },
  },
};

function dayAfterTomorrow(): string {
  const day = new Date(Date.now() + 48 * HOUR);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

const SIGN_IN: Record<
  Person,
  { account: (setup: Setup) => Pick<Account, 'email' | 'password'>; home: RegExp }
> = {
  patient: { account: (setup) => setup.patient, home: /\/welcome$/ },
  clinician: { account: () => CLINICIAN, home: /\/(users|worklist)/ },
  desk: { account: () => FRONT_DESK, home: /\/(users|worklist)/ },
};

for (const { locale, device, screens } of MISSING) {
  test(`device-order screens (${locale}, ${device})`, async ({ browser }) => {
    // Each screen is a sign-in or a chart of a dozen audited reads, an axe run and a shot: the
    // suite's one minute fits four of them on two busy cores, not the ten of cn on a phone.
    test.setTimeout(60_000 + screens.length * 20_000);
    const { patient, id, orders } = await patientWithOrders(locale);
    const setup: Setup = { locale, patient, patientId: id, orders };
    const pages = new Map<Person, Page>();
    const pageOf = async (person: Person) => {
      const open = pages.get(person);
      if (open) return open;
      const context = await browser.newContext({ viewport: VIEWPORTS[device] });
      await context.addInitScript((value) => localStorage.setItem('portal.locale', value), locale);
      const page = await context.newPage();
      await signIn(page, SIGN_IN[person].account(setup));
      await expect(page).toHaveURL(SIGN_IN[person].home);
      pages.set(person, page);
      return page;
    };
    for (const screen of screens) {
      const { person, fullPage, show } = SCREENS[screen];
      const page = await pageOf(person);
      const name = `orders-${screen}-${device}-${locale}`;
      await show(page, setup);
      await settled(page);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${name} scrolls sideways`,
      ).toBeLessThanOrEqual(VIEWPORTS[device].width);
      await expectNoAxeViolations(page, name);
      await shot(page, name, { fullPage });
    }
    for (const page of pages.values()) await page.context().close();
  });
}
