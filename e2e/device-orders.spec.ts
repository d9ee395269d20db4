import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect as baseExpect, type Browser, type Page } from '@playwright/test';
import { STAFF_PRESETS, userPage } from '@portal/protocol';
import * as gbWords from '@portal/protocol/vocabulary/gb';
import * as cnWords from '@portal/protocol/vocabulary/cn';
import {
  answersTotalling,
  DEMO_ADMIN,
  DEMO_FRONT_DESK,
  SAMPLE_COVERAGE,
  type TestPortal,
} from '@portal/server/testing';
import { answerBfAdl } from './bf-adl-fixtures.ts';
import { drawSignature, pdfsig } from './documents-fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { clockPortalTest as test } from './support/clock-portal.ts';
import { shot } from './support/screenshot.ts';
import { signIn } from './support/session.ts';

// A step that cannot happen fails in half a minute, not at the journey's limit. Half a minute for
// what a screen shows too: on two busy cores the staff chart's dozen reads, each audited, took
// longer than the suite's ten seconds.
test.use({ actionTimeout: 30_000, navigationTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Issue 36's "done when" as one journey: a clinician orders a wheelchair and a cushion for a new
 * patient with no BF-ADL, the patient clears the hold from the welcome task, the desk approves
 * and offers times, the patient books one, the daughter signs the proof of delivery on a phone as
 * representative, and half a year on the cushion's resupply reminder is answered with a new order.
 * It runs in a portal of its own, whose clock moves.
 */

type Locale = 'gb' | 'cn';
type Device = 'phone' | 'desktop';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const DAY_MS = 24 * 3600_000;

/** The words the journey reads and clicks (the web app's gb and cn strings), in each language. */
const WORDS = {
  gb: {
    vocabulary: gbWords,
    admin: {
      audit: {
        filters: {
          subject: 'Patient or account',
          action: 'Action',
          apply: 'Apply filters',
        },
        table: {
          caption: 'Audit rows',
        },
      },
    },
    caregivers: {
      chart: {
        title: 'Caregivers',
        signing: 'Allow signing as authorised representative',
      },
      invite: {
        open: 'Invite someone',
        submit: 'Send invitation',
        sent: 'Invitation sent to {{email}}.',
      },
      form: {
        email: 'Their e-mail address',
        relationship: 'Relationship to the patient',
      },
      accept: {
        accept: 'Accept',
      },
    },
    equipment: {
      tasks: {
        step: {
          answer_bf_adl: 'Answer the BF-ADL',
          answer_resupply: 'Answer two questions',
        },
      },
      slots: {
        choose: 'Choose this time',
      },
      proof: {
        sign: 'Sign for the delivery',
        download: 'Download proof of delivery',
      },
      deliver: {
        title: 'Sign for the delivery',
        representative: "I sign as {{name}}'s representative",
        name: 'Printed name of the person signing',
        relationship: 'Relationship to the patient',
        address: 'Delivery address',
        consent: 'I received the items listed. I am not employed by the equipment provider.',
        submit: 'Sign and confirm delivery',
        done: 'Thank you. The delivery is confirmed and signed.',
      },
      resupply: {
        title: 'Time for new supplies',
        stillInUse: 'Do you still use it?',
        yes: 'Yes',
        condition: 'What condition is your current one in?',
        conditions: {
          worn: 'Worn',
        },
        submit: 'Send my answers',
        ordered: 'Thank you. New supplies have been ordered.',
      },
    },
    staff: {
      orders: {
        title: 'Equipment orders',
        none: 'No equipment ordered.',
        downloadProof: 'Download the proof of delivery',
      },
      prescribe: {
        open: 'Order equipment',
        title: 'Order equipment',
        quantity: '{{code}} {{name}}: quantity',
        submit: 'Submit order',
      },
      catalogue: {
        title: 'Equipment catalogue',
        caption: 'Devices and supplies',
      },
      moves: {
        approve: {
          label: 'Approve',
          title: 'Approve this order?',
          submit: 'Approve',
        },
        dispatch: {
          label: 'Dispatch',
          title: 'Send out for delivery',
          submit: 'Dispatch',
        },
        serial: 'Serial number of {{item}}',
      },
      slots: {
        open: 'Offer delivery times',
        title: 'Offer delivery times',
        row: 'Window {{number}}',
        day: 'Date',
        starts: 'From',
        ends: 'Until',
        add: 'Add a time',
        submit: 'Offer times',
      },
    },
    wheelchair: 'Standard wheelchair',
    cushion: 'General use wheelchair seat cushion',
  },
  cn: {
    vocabulary: cnWords,
    admin: {
      audit: {
        filters: {
          subject: '患者或账户',
          action: '操作',
          apply: '应用筛选',
        },
        table: {
          caption: '审计记录',
        },
      },
    },
    caregivers: {
      chart: {
        title: '照护人',
        signing: '允许以授权代表身份签署',
      },
      invite: {
        open: '邀请他人',
        submit: '发送邀请',
        sent: '已向 {{email}} 发送邀请。',
      },
      form: {
        email: '对方的电子邮件地址',
        relationship: '与患者的关系',
      },
      accept: {
        accept: '接受',
      },
    },
    equipment: {
      tasks: {
        step: {
          answer_bf_adl: '填写 BF-ADL 评估',
          answer_resupply: '回答两个问题',
        },
      },
      slots: {
        choose: '选择此时间',
      },
      proof: {
        sign: '签收送货',
        download: '下载签收证明',
      },
      deliver: {
        title: '签收送货',
        representative: '我作为{{name}}的代表签名',
        name: '签名人姓名（正楷）',
        relationship: '与患者的关系',
        address: '送货地址',
        consent: '我已收到以上所列物品。我不是设备供应商的雇员。',
        submit: '签名并确认收货',
        done: '谢谢。收货已确认并签名。',
      },
      resupply: {
        title: '该补充耗材了',
        stillInUse: '您还在使用吗？',
        yes: '是',
        condition: '您现有物品的状况如何？',
        conditions: {
          worn: '有磨损',
        },
        submit: '发送我的回答',
        ordered: '谢谢。已为您订购新的耗材。',
      },
    },
    staff: {
      orders: {
        title: '设备订单',
        none: '尚未订购设备。',
        downloadProof: '下载送货证明',
      },
      prescribe: {
        open: '订购设备',
        title: '订购设备',
        quantity: '{{code}} {{name}}：数量',
        submit: '提交订单',
      },
      catalogue: {
        title: '设备目录',
        caption: '设备和耗材',
      },
      moves: {
        approve: {
          label: '批准',
          title: '批准此订单？',
          submit: '批准',
        },
        dispatch: {
          label: '发货',
          title: '安排配送',
          submit: '发货',
        },
        serial: '{{item}}的序列号',
      },
      slots: {
        open: '提供送货时间',
        title: '提供送货时间',
        row: '时间段 {{number}}',
        day: '日期',
        starts: '开始',
        ends: '结束',
        add: '添加时间',
        submit: '提供时间',
      },
    },
    wheelchair: '标准轮椅',
    cushion: '普通轮椅坐垫',
  },
} as const;

/** An i18next string with its {{placeholders}} filled. */
function fill(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? `{{${key}}}`));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Person {
  email: string;
  password: string;
  firstName: string;
}

/** The newest mail to `address` in the portal's outbox, quoted-printable undone. */
async function mailTo(portal: TestPortal, address: string, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await portal.outbox()).map((mail) =>
          mail
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
        );
        found = mails
          .reverse()
          .find((mail) => new RegExp(`^To: .*${escape(address)}`, 'mi').test(mail) && pattern.test(mail));
        return found;
      },
      { timeout: 15_000, message: `a mail to ${address} matching ${pattern}` },
    )
    .toBeTruthy();
  return found!;
}

function tokenIn(mail: string, route: string): string {
  const match = new RegExp(`${route}\\?token=([A-Za-z0-9_\\-.~%]+)`).exec(mail);
  if (!match) throw new Error(`no ${route} link in the mail`);
  return match[1]!;
}

/** A verified patient account of the portal, made through its API (signup, mail, verify). */
async function verifiedAccount(portal: TestPortal, label: string, firstName: string, locale: Locale) {
  const person = {
    email: `${label}-${Date.now().toString(36)}@example.com`,
    password: 'Quiet-harbour-lantern-42',
    firstName,
  };
  const client = portal.client();
  await client.handshake();
  await client.signup({
    email: person.email,
    password: person.password,
    first_name: firstName,
    last_name: 'Tester',
    date_of_birth: '1948-03-09',
    agree_terms: true,
    locale,
  });
  await client.verifyEmail(tokenIn(await mailTo(portal, person.email, /verify-email/), 'verify-email'));
  return person;
}

async function userIdOf(portal: TestPortal, email: string): Promise<string> {
  const admin = await portal.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
  return userPage.parse(await admin.get('/admin/users/', { q: email })).items[0]!.id;
}

/**
 * A staff account with the permissions of a preset, given by the demo administrator through the
 * API. Its promotion's refresh event is taken here, so the first poll in the browser does not
 * pull the page home mid-step.
 */
async function staffAccount(portal: TestPortal, label: string, auths: readonly string[]): Promise<Person> {
  const person = await verifiedAccount(portal, label, 'Chris', 'gb');
  const admin = await portal.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
  await admin.post(
    '/admin/users/access/',
    { id: await userIdOf(portal, person.email), roles: ['admin'], auths: [...auths] },
    { encrypt: true },
  );
  const promoted = await portal.signedIn(person.email, person.password);
  await promoted.get('/patient/event/');
  await promoted.logout();
  return person;
}

async function openAs(browser: Browser, portal: TestPortal, locale: Locale, device: Device): Promise<Page> {
  const context = await browser.newContext({
    viewport: device === 'phone' ? PHONE : DESKTOP,
    baseURL: portal.baseUrl,
  });
  await context.addInitScript((value) => localStorage.setItem('portal.locale', value), locale);
  return context.newPage();
}

/** Signs in, and signs in again when a moved clock has ended the last session. */
async function signedIn(page: Page, person: Pick<Person, 'email' | 'password'>, home: RegExp) {
  await signIn(page, person);
  await expect(page).toHaveURL(home);
}

/** The staff's article of the patient's order that holds the wheelchair. */
function staffOrder(page: Page, locale: Locale) {
  const words = WORDS[locale];
  return page
    .getByRole('region', { name: words.staff.orders.title })
    .getByRole('article', { name: new RegExp(escape(words.wheelchair)) });
}

/** A move on the order from the staff's article: its button, its dialog, its submit. */
async function move(page: Page, locale: Locale, action: 'approve' | 'dispatch') {
  const words = WORDS[locale].staff;
  const article = staffOrder(page, locale);
  await article.getByRole('button', { name: new RegExp(`^${escape(words.moves[action].label)}`) }).click();
  const dialog = page.getByRole('dialog', { name: words.moves[action].title });
  await expect(dialog).toBeVisible();
  return {
    dialog,
    submit: async () => {
      await dialog.getByRole('button', { name: words.moves[action].submit, exact: true }).click();
      await expect(dialog).toHaveCount(0);
    },
  };
}

function twoDigits(n: number) {
  return String(n).padStart(2, '0');
}

function dayInDays(from: Date, days: number): string {
  const day = new Date(from.getTime() + days * DAY_MS);
  return `${day.getFullYear()}-${twoDigits(day.getMonth() + 1)}-${twoDigits(day.getDate())}`;
}

const JOURNEYS = [
  { locale: 'gb', patientDevice: 'phone', staffDevice: 'desktop' },
  { locale: 'cn', patientDevice: 'desktop', staffDevice: 'desktop' },
] as const;

for (const { locale, patientDevice, staffDevice } of JOURNEYS) {
  test(`a wheelchair from prescription to delivery and a resupply (${locale}, patient on a ${patientDevice})`, async ({
    browser,
    portal,
  }, testInfo) => {
    // Five people, a BF-ADL, a signed PDF, half a year of clock and a dozen axe runs.
    test.setTimeout(600_000);
    const words = WORDS[locale];
    const staffWords = words.staff;
    const patientWords = words.equipment;
    const daughterWords = patientWords;
    const name = (shotName: string, device: Device) => `orders-${shotName}-${device}-${locale}`;

    const patient = await verifiedAccount(portal, `orders-patient-${locale}`, 'Jun', locale);
    const patientName = 'Jun Tester';
    const patientId = await userIdOf(portal, patient.email);
    // Insured, so the one hold the wheelchair meets is the BF-ADL a new patient has not answered.
    const own = await portal.signedIn(patient.email, patient.password);
    await own.post('/patient/insurance/', { version: 0, value: SAMPLE_COVERAGE }, { encrypt: true });
    const daughter = await verifiedAccount(portal, `orders-daughter-${locale}`, 'Mei', locale);
    const clinician = await staffAccount(portal, `orders-clinician-${locale}`, STAFF_PRESETS.clinician);

    await test.step('the desk sees the catalogue', async () => {
      const desk = await openAs(browser, portal, locale, 'desktop');
      await signedIn(desk, DEMO_FRONT_DESK, /\/(users|worklist)/);
      await desk.goto('/equipment-catalogue');
      await expect(desk.getByRole('heading', { level: 1, name: staffWords.catalogue.title })).toBeVisible();
      const table = desk.getByRole('table', { name: staffWords.catalogue.caption });
      await expect(table.getByRole('rowheader', { name: words.cushion })).toBeVisible();
      await expectNoAxeViolations(desk, `equipment catalogue (${locale})`);
      await shot(desk, name('catalogue', 'desktop'), { fullPage: true });
      await desk.setViewportSize(PHONE);
      await expect(table.getByRole('rowheader', { name: words.cushion })).toBeVisible();
      expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await shot(desk, name('catalogue', 'phone'), { fullPage: true });
      await desk.context().close();
    });

    await test.step('a clinician orders the wheelchair and the cushion', async () => {
      const page = await openAs(browser, portal, locale, staffDevice);
      await signedIn(page, clinician, /\/(users|worklist)/);
      await page.goto(`/users/${patientId}`);
      const section = page.getByRole('region', { name: staffWords.orders.title });
      await expect(section.getByText(staffWords.orders.none)).toBeVisible();
      await section.getByRole('button', { name: staffWords.prescribe.open }).click();
      const dialog = page.getByRole('dialog', { name: staffWords.prescribe.title });
      await dialog
        .getByLabel(fill(staffWords.prescribe.quantity, { code: 'K0001', name: words.wheelchair }))
        .fill('1');
      await dialog
        .getByLabel(fill(staffWords.prescribe.quantity, { code: 'E2601', name: words.cushion }))
        .fill('1');
      await expectNoAxeViolations(page, `order dialog (${locale})`);
      await shot(page, name('order-dialog', staffDevice));
      await dialog.getByRole('button', { name: staffWords.prescribe.submit, exact: true }).click();
      await expect(dialog).toHaveCount(0);
      const order = staffOrder(page, locale);
      await expect(order).toContainText(words.vocabulary.holdReason.assessment_needed);
      await expectNoAxeViolations(page, `patient page orders section (${locale})`);
      await section.scrollIntoViewIfNeeded();
      await shot(page, name('patient-orders', staffDevice));
      await page.context().close();
    });

    const patientPage = await openAs(browser, portal, locale, patientDevice);
    await test.step('the patient clears the hold from the welcome task', async () => {
      await signedIn(patientPage, patient, /\/welcome$/);
      const task = patientPage.getByRole('link', {
        name: new RegExp(`^${escape(patientWords.tasks.step.answer_bf_adl)}`),
      });
      await expect(task).toBeVisible();
      await expectNoAxeViolations(patientPage, `welcome with an equipment task (${locale})`);
      await shot(patientPage, name('welcome-hold', patientDevice), { fullPage: true });
      await task.click();
      await expect(patientPage).toHaveURL(/\/welcome\/bf-adl$/);
      await answerBfAdl(patientPage, answersTotalling(45), locale);
      await patientPage.goto('/equipment');
      const order = patientPage.getByRole('article', { name: new RegExp(escape(words.wheelchair)) });
      await expect(order).toBeVisible();
      await expect(
        order.getByText(words.vocabulary.holdReason.assessment_needed, { exact: true }),
      ).toHaveCount(0);
      await expect(order).toContainText(words.vocabulary.orderStatus.submitted);
      await expectNoAxeViolations(patientPage, `My equipment, ordered (${locale})`);
      await shot(patientPage, name('my-equipment-ordered', patientDevice), { fullPage: true });
      await patientPage.goto('/welcome');
      await expect(
        patientPage.getByRole('link', {
          name: new RegExp(`^${escape(patientWords.tasks.step.answer_bf_adl)}`),
        }),
      ).toHaveCount(0);
    });

    await test.step('the desk approves and offers two delivery windows', async () => {
      const desk = await openAs(browser, portal, locale, staffDevice);
      await signedIn(desk, DEMO_FRONT_DESK, /\/(users|worklist)/);
      await desk.goto(`/users/${patientId}`);
      const approve = await move(desk, locale, 'approve');
      await approve.submit();
      const article = staffOrder(desk, locale);
      await article.getByRole('button', { name: new RegExp(`^${escape(staffWords.slots.open)}`) }).click();
      const dialog = desk.getByRole('dialog', { name: staffWords.slots.title });
      const tomorrow = dayInDays(new Date(portal.clock.now()), 1);
      const window = (number: number) =>
        dialog.getByRole('group', { name: fill(staffWords.slots.row, { number }) });
      await window(1).getByLabel(staffWords.slots.day).fill(tomorrow);
      await window(1).getByLabel(staffWords.slots.starts).fill('09:00');
      await window(1).getByLabel(staffWords.slots.ends).fill('12:00');
      await dialog.getByRole('button', { name: staffWords.slots.add }).click();
      await window(2).getByLabel(staffWords.slots.day).fill(tomorrow);
      await window(2).getByLabel(staffWords.slots.starts).fill('13:00');
      await window(2).getByLabel(staffWords.slots.ends).fill('16:00');
      await expectNoAxeViolations(desk, `slot dialog (${locale})`);
      await shot(desk, name('slot-dialog', staffDevice));
      await dialog.getByRole('button', { name: staffWords.slots.submit, exact: true }).click();
      await expect(dialog).toHaveCount(0);
      await desk.context().close();
    });

    await test.step('the patient books one of the windows', async () => {
      await patientPage.goto('/equipment');
      const order = patientPage.getByRole('article', { name: new RegExp(escape(words.wheelchair)) });
      await order.getByRole('radio').first().check();
      await expectNoAxeViolations(patientPage, `My equipment, choosing a time (${locale})`);
      await shot(patientPage, name('my-equipment-slots', patientDevice), { fullPage: true });
      await order.getByRole('button', { name: patientWords.slots.choose }).click();
      await expect(
        order.getByText(words.vocabulary.orderStatus.delivery_scheduled, { exact: true }),
      ).toBeVisible();
    });

    const daughterPage = await openAs(browser, portal, locale, 'phone');
    await test.step('the patient invites the daughter, who accepts; a clinician allows representative signing', async () => {
      const cg = words.caregivers;
      // Before the daughter's session starts: the switch sends an open session of hers home (spec §4).
      const chart = await openAs(browser, portal, locale, 'desktop');
      await signedIn(chart, clinician, /\/(users|worklist)/);
      await chart.goto(`/users/${patientId}`);
      const allow = chart
        .getByRole('region', { name: cg.chart.title })
        .getByRole('checkbox', { name: cg.chart.signing });
      await allow.check();
      await expect(allow).toBeChecked();
      await chart.context().close();
      await patientPage.goto('/account');
      const section = patientPage.getByRole('region', { name: cg.chart.title });
      await section.getByRole('button', { name: cg.invite.open }).click();
      await section.getByRole('textbox', { name: cg.form.email }).fill(daughter.email);
      await section
        .getByRole('textbox', { name: cg.form.relationship })
        .fill(locale === 'cn' ? '女儿' : 'daughter');
      await section
        .getByRole('checkbox', { name: words.vocabulary.caregiverScope.view_orders, exact: true })
        .check();
      await section
        .getByRole('checkbox', { name: words.vocabulary.caregiverScope.act_on_orders, exact: true })
        .check();
      await section.getByRole('button', { name: cg.invite.submit }).click();
      await expect(
        section.getByRole('status').filter({ hasText: fill(cg.invite.sent, { email: daughter.email }) }),
      ).toBeVisible();

      const token = tokenIn(await mailTo(portal, daughter.email, /caregiver\/accept/), 'caregiver/accept');
      await signedIn(daughterPage, daughter, /\/welcome$/);
      await daughterPage.goto(`/caregiver/accept?token=${token}`);
      await daughterPage.getByRole('button', { name: cg.accept.accept, exact: true }).click();
      await expect(daughterPage).toHaveURL(/\/welcome$/);
      await expect(daughterPage.getByTestId('acting-for-banner')).toBeVisible();
    });

    await test.step('the desk dispatches with the serial numbers', async () => {
      const desk = await openAs(browser, portal, locale, staffDevice);
      await signedIn(desk, DEMO_FRONT_DESK, /\/(users|worklist)/);
      await desk.goto(`/users/${patientId}`);
      const dispatch = await move(desk, locale, 'dispatch');
      // Each item's serial by the item's name in its label, whatever the label's word order.
      const serial = (item: string) =>
        dispatch.dialog.getByRole('textbox', {
          name: new RegExp(
            `^${staffWords.moves.serial
              .split('{{item}}')
              .map(escape)
              .join(`.*${escape(item)}.*`)}$`,
          ),
        });
      await serial(words.wheelchair).fill(`WC-${locale.toUpperCase()}-0001`);
      await serial(words.cushion).fill(`CU-${locale.toUpperCase()}-0002`);
      await dispatch.submit();
      await expect(staffOrder(desk, locale)).toContainText(words.vocabulary.orderStatus.out_for_delivery);
      await desk.context().close();
    });

    await test.step('the daughter signs the proof of delivery on a phone as representative', async () => {
      await daughterPage.goto('/equipment');
      const order = daughterPage.getByRole('article', { name: new RegExp(escape(words.wheelchair)) });
      await order.getByRole('link', { name: daughterWords.proof.sign }).click();
      await expect(daughterPage).toHaveURL(/\/equipment\/.+\/deliver$/);
      await expect(
        daughterPage.getByRole('heading', { level: 1, name: daughterWords.deliver.title }),
      ).toBeVisible();
      await daughterPage
        .getByRole('radio', { name: fill(daughterWords.deliver.representative, { name: patientName }) })
        .check();
      await daughterPage.getByRole('textbox', { name: daughterWords.deliver.name }).fill('Mei Tester');
      await daughterPage
        .getByLabel(daughterWords.deliver.relationship)
        .selectOption({ label: words.vocabulary.designeeRelationship.daughter });
      const address = daughterPage.getByRole('textbox', { name: daughterWords.deliver.address });
      if ((await address.inputValue()) === '') await address.fill('1 Harbour Road, Northbridge');
      await drawSignature(daughterPage);
      await daughterPage.getByRole('checkbox', { name: daughterWords.deliver.consent }).check();
      await expectNoAxeViolations(daughterPage, `delivery form (${locale})`);
      await shot(daughterPage, name('deliver', 'phone'), { fullPage: true });
      await daughterPage.getByRole('button', { name: daughterWords.deliver.submit }).click();
      // Sealing and signing the proof of delivery runs in the PDF worker pool.
      await expect(daughterPage.getByText(daughterWords.deliver.done)).toBeVisible({ timeout: 60_000 });

      await daughterPage.goto('/equipment');
      const delivered = daughterPage.getByRole('article', { name: new RegExp(escape(words.wheelchair)) });
      const downloading = daughterPage.waitForEvent('download');
      await delivered.getByRole('button', { name: daughterWords.proof.download }).click();
      const file = testInfo.outputPath(`proof-of-delivery-${locale}.pdf`);
      await (await downloading).saveAs(file);
      expect(await pdfsig(file)).toContain('Signature is Valid');
      const { stdout: text } = await promisify(execFile)('pdftotext', [file, '-']);
      const flat = text.replace(/\s+/g, ' ');
      for (const held of ['Mei Tester', 'K0001', 'E2601', `WC-${locale.toUpperCase()}-0001`]) {
        expect(flat).toContain(held);
      }
      await daughterPage.context().close();
    });

    await test.step('the signed delivery starts the rental, as the desk sees', async () => {
      const desk = await openAs(browser, portal, locale, staffDevice);
      await signedIn(desk, DEMO_FRONT_DESK, /\/(users|worklist)/);
      await desk.goto(`/users/${patientId}`);
      await expect(staffOrder(desk, locale)).toContainText(words.vocabulary.orderStatus.in_rental);
      await expect(
        staffOrder(desk, locale).getByRole('button', {
          name: new RegExp(`^${escape(staffWords.orders.downloadProof)}`),
        }),
      ).toBeVisible();
      await desk.context().close();
    });

    await test.step('half a year on, the cushion is due; the answer orders a new one', async () => {
      portal.clock.advance(181 * DAY_MS);
      expect(await portal.portal.jobs.runIfDue('orders')).toBe(true);
      const reminder = await mailTo(portal, patient.email, /\/equipment/);
      for (const named of [words.wheelchair, words.cushion, 'wheelchair', 'cushion', 'E2601', 'K0001']) {
        expect(reminder).not.toContain(named);
      }

      // Half a year on, the last session is long over: sign in again.
      await patientPage.goto('/welcome');
      await expect(patientPage).toHaveURL(/\/auth\/login$/);
      await signedIn(patientPage, patient, /\/welcome$/);
      const task = patientPage.getByRole('link', {
        name: new RegExp(`^${escape(patientWords.tasks.step.answer_resupply)}`),
      });
      await expect(task).toBeVisible();
      await expectNoAxeViolations(patientPage, `welcome with a resupply task (${locale})`);
      await shot(patientPage, name('welcome-resupply', patientDevice), { fullPage: true });
      await task.click();
      await expect(
        patientPage.getByRole('heading', { level: 1, name: patientWords.resupply.title }),
      ).toBeVisible();
      await patientPage
        .getByRole('group', { name: patientWords.resupply.stillInUse })
        .getByRole('radio', { name: patientWords.resupply.yes, exact: true })
        .check();
      await patientPage
        .getByRole('group', { name: patientWords.resupply.condition })
        .getByRole('radio', { name: patientWords.resupply.conditions.worn, exact: true })
        .check();
      await expectNoAxeViolations(patientPage, `resupply screen (${locale})`);
      await shot(patientPage, name('resupply', patientDevice), { fullPage: true });
      await patientPage.getByRole('button', { name: patientWords.resupply.submit }).click();
      await expect(patientPage.getByText(patientWords.resupply.ordered)).toBeVisible();

      await patientPage.goto('/equipment');
      await expect(patientPage.getByRole('article', { name: words.cushion, exact: true })).toBeVisible();
      await expectNoAxeViolations(patientPage, `My equipment with the resupply (${locale})`);
      await shot(patientPage, name('my-equipment', patientDevice), { fullPage: true });
      await patientPage.context().close();
    });

    await test.step('the audit log names every step for this patient', async () => {
      const admin = await openAs(browser, portal, locale, 'desktop');
      await signedIn(admin, DEMO_ADMIN, /\/users$/);
      await admin.goto('/audit');
      const filters = words.admin.audit.filters;
      await admin.getByLabel(filters.subject, { exact: true }).fill(patient.email);
      const table = admin.getByRole('table', { name: words.admin.audit.table.caption });
      const actions = words.vocabulary.auditAction;
      // One action at a time: the reads of the journey fill more than a page of rows.
      for (const action of [
        'order.create',
        'order.submit',
        'order.hold',
        'order.release',
        'order.approve',
        'order.offer_slots',
        'order.schedule',
        'order.dispatch',
        'order.deliver',
        'order.start_rental',
        'order.resupply_remind',
        'order.resupply_answer',
      ] as const) {
        await admin.getByLabel(filters.action, { exact: true }).fill(action);
        await admin.getByRole('button', { name: filters.apply }).click();
        await expect(admin).toHaveURL(new RegExp(`action=${escape(action)}`));
        // Every row is this action's (the header aside): the page has rendered the new filters,
        // and with them a new form, which the next action is typed into. The URL changes first.
        await expect(table.getByRole('row').filter({ hasNotText: actions[action] }), action).toHaveCount(1);
        await expect(table.getByText(actions[action], { exact: true }).first(), action).toBeVisible();
      }
      await expectNoAxeViolations(admin, `audit log of the journey (${locale})`);
      await shot(admin, name('audit', 'desktop'), { fullPage: true });
      await admin.context().close();
    });
  });
}
