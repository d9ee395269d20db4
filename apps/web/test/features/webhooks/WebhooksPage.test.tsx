import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { WebhookEndpoint, WebhookMessage, WebhookMessagePage } from '@portal/protocol';
import { login } from '../../../src/api/auth-api.ts';
import WebhooksPage from '../../../src/features/webhooks/WebhooksPage.tsx';
import { expectNoAxeViolations } from '../../../testing/axe.ts';
import { FakePortalServer } from '../../../testing/fake-portal-server.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';

const EMAIL = 'owner@example.com';
const LIST = '/admin/webhooks/';
const UPDATE = '/admin/webhooks/update/';
const ROTATE = '/admin/webhooks/rotate/';
const DELETE = '/admin/webhooks/delete/';
const TEST = '/admin/webhooks/test/';
const MESSAGES = '/admin/webhooks/messages/';
const RESEND = '/admin/webhooks/messages/resend/';
const CRM = '00000000-0000-4000-8000-0000000000b1';
const URL = 'https://crm.example.com/hooks';
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

const crm: WebhookEndpoint = {
  id: CRM,
  url: URL,
  description: 'CRM',
  events: ['intake.handed_in', 'document.signed'],
  enabled: true,
  created_at: '2026-11-01T09:00:00.000Z',
  previous_secret_until: null,
};
const message = (id: string, status: WebhookMessage['status']): WebhookMessage => ({
  id,
  endpoint_id: CRM,
  event_type: 'webhook.test',
  created_at: '2026-11-02T09:00:00.000Z',
  attempts: status === 'pending' ? 0 : 3,
  status,
  last_status: status === 'delivered' ? 204 : null,
  last_error: status === 'dead' ? 'connect ECONNREFUSED 127.0.0.1:9' : null,
  last_attempt_at: status === 'pending' ? null : '2026-11-02T09:05:00.000Z',
  next_attempt_at: status === 'pending' ? '2026-11-02T09:01:00.000Z' : null,
});
const log = (items: WebhookMessage[]): WebhookMessagePage => ({
  items,
  total: items.length,
  page: 1,
  page_size: 25,
});

let server: FakePortalServer;
beforeAll(() => {
  server = new FakePortalServer();
  server.signedInAs = { roles: ['admin'], auths: ['manage_settings'] };
  vi.stubGlobal('fetch', server.fetch);
});
afterAll(() => {
  vi.unstubAllGlobals();
});
beforeEach(async () => {
  await page.viewport(1280, 900);
  await login({ email: EMAIL, password: 'Correct horse 12', keepLoggedIn: false });
  server.calls.length = 0;
  server.sealedBodies.length = 0;
  server.refusals.clear();
  server.answers.set(`GET ${LIST}`, { endpoints: [crm] });
  server.answers.set(`POST ${LIST}`, { endpoint: crm, secret: SECRET });
  server.answers.set(UPDATE, {});
  server.answers.set(DELETE, {});
  server.answers.set(ROTATE, { endpoint: crm, secret: SECRET });
  server.answers.set(TEST, message('msg_test1', 'pending'));
  server.answers.set(RESEND, message('msg_dead1', 'pending'));
  server.answers.set(MESSAGES, log([]));
});

const sent = (path: string) => server.sealedBodies.filter((b) => b.path === path).map((b) => b.body);
const searches = (path: string) => server.calls.filter((c) => c.path === path).map((c) => c.search);

describe('the webhooks page', () => {
  test('adds an endpoint by keyboard, shows its secret once, and lists it', async () => {
    server.answers.set(`GET ${LIST}`, { endpoints: [] });
    const screen = await renderScreen(<WebhooksPage />);
    await expect.element(screen.getByText('No endpoint has been added yet.')).toBeVisible();
    // The log's pager loads the admin words; wait for it so the focus set below stays put.
    await expect.element(screen.getByRole('navigation', { name: /Webhook messages/ })).toBeVisible();
    (screen.getByRole('button', { name: 'Add endpoint' }).element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await expect.element(dialog.getByLabelText('Address (URL)')).toHaveFocus();
    await dialog.getByLabelText('Address (URL)').fill(URL);
    await dialog.getByLabelText('Description').fill('CRM');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect.element(dialog.getByText('Choose at least one event.')).toBeVisible();
    await dialog.getByLabelText('Intake handed in').click();
    await dialog.getByLabelText('Document signed').click();
    await expectNoAxeViolations(document.body);
    server.answers.set(`GET ${LIST}`, { endpoints: [crm] });
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(sent(LIST)).toEqual([
      { url: URL, description: 'CRM', events: ['intake.handed_in', 'document.signed'] },
    ]);

    const shown = page.getByRole('dialog', { name: 'The signing secret' });
    await expect.element(shown.getByLabelText('Signing secret')).toHaveValue(SECRET);
    await expect.element(shown.getByLabelText('Signing secret')).toHaveAttribute('readonly');
    await expect.element(shown.getByText('it will not be shown again', { exact: false })).toBeVisible();
    await expect.element(shown.getByRole('button', { name: 'Copy' })).toBeVisible();
    await expectNoAxeViolations(document.body);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect.element(shown).not.toBeInTheDocument();
    expect(page.getByText(SECRET).elements()).toEqual([]);

    const table = screen.getByRole('table', { name: 'Webhook endpoints' });
    await expect.element(table.getByRole('rowheader', { name: URL })).toBeVisible();
    await expect.element(table.getByText('Intake handed in')).toBeVisible();
    await expect.element(table.getByText('Active')).toBeVisible();
    await expectNoAxeViolations(screen.container);
  });

  test('edits the events of an endpoint', async () => {
    const screen = await renderScreen(<WebhooksPage />);
    await screen.getByRole('button', { name: `Edit ${URL}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit the webhook endpoint' });
    await expect.element(dialog.getByLabelText('Intake handed in')).toBeChecked();
    await dialog.getByLabelText('Intake handed in').click();
    await dialog.getByLabelText('Equipment order status changed').click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(sent(UPDATE)).toEqual([
      {
        id: CRM,
        url: URL,
        description: 'CRM',
        events: ['document.signed', 'order.status_changed'],
        enabled: true,
      },
    ]);
  });

  test('disables an endpoint, which then shows as disabled without a test button', async () => {
    const screen = await renderScreen(<WebhooksPage />);
    await screen.getByRole('button', { name: `Edit ${URL}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit the webhook endpoint' });
    await dialog.getByLabelText('Active').click();
    server.answers.set(`GET ${LIST}`, { endpoints: [{ ...crm, enabled: false }] });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(sent(UPDATE)).toMatchObject([{ id: CRM, enabled: false }]);
    const table = screen.getByRole('table', { name: 'Webhook endpoints' });
    await expect.element(table.getByText('Disabled')).toBeVisible();
    expect(screen.getByRole('button', { name: `Send test event ${URL}` }).elements()).toEqual([]);
  });

  test('rotates the secret after a confirmation and shows the new one once', async () => {
    const screen = await renderScreen(<WebhooksPage />);
    await screen.getByRole('button', { name: `Rotate secret ${URL}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Rotate the secret of ${URL}?` });
    await expect.element(confirm.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await confirm.getByRole('button', { name: 'Rotate secret' }).click();
    await expect.element(confirm).not.toBeInTheDocument();
    expect(sent(ROTATE)).toEqual([{ id: CRM }]);
    const shown = page.getByRole('dialog', { name: 'The signing secret' });
    await expect.element(shown.getByLabelText('Signing secret')).toHaveValue(SECRET);
  });

  test('deletes an endpoint after a confirmation', async () => {
    const screen = await renderScreen(<WebhooksPage />);
    await screen.getByRole('button', { name: `Delete ${URL}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete ${URL}?` });
    await expectNoAxeViolations(document.body);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.element(confirm).not.toBeInTheDocument();
    expect(sent(DELETE)).toEqual([{ id: CRM }]);
  });

  test('a test event shows in the delivery log; delivered and dead messages can be sent again, pending ones not', async () => {
    const screen = await renderScreen(<WebhooksPage />);
    await expect.element(screen.getByText('No message matches.')).toBeVisible();
    server.answers.set(MESSAGES, log([message('msg_test1', 'pending')]));
    await screen.getByRole('button', { name: `Send test event ${URL}` }).click();
    await expect.poll(() => sent(TEST)).toEqual([{ id: CRM }]);
    const table = screen.getByRole('table', { name: 'Webhook messages, newest first' });
    await expect.element(table.getByRole('cell', { name: 'msg_test1', exact: true })).toBeVisible();
    await expect.element(table.getByRole('rowheader', { name: `Test event ${URL}` })).toBeVisible();
    expect(table.getByRole('button', { name: 'Send again msg_test1' }).elements()).toEqual([]);

    server.answers.set(
      MESSAGES,
      log([message('msg_dead1', 'dead'), message('msg_done1', 'delivered'), message('msg_test1', 'pending')]),
    );
    await screen.getByLabelText('Status').selectOptions('Failed');
    await expect.element(table.getByRole('cell', { name: 'msg_dead1', exact: true })).toBeVisible();
    await expect.element(table.getByText('connect ECONNREFUSED 127.0.0.1:9')).toBeVisible();
    await expect.element(table.getByText('HTTP 204')).toBeVisible();
    await expect.element(table.getByRole('button', { name: 'Send again msg_done1' })).toBeVisible();
    expect(searches(MESSAGES).at(-1)).toBe('?status=dead&page=1&page_size=25');
    await expectNoAxeViolations(screen.container);
    await table.getByRole('button', { name: 'Send again msg_dead1' }).click();
    await expect.poll(() => sent(RESEND)).toEqual([{ id: 'msg_dead1' }]);

    await screen.getByLabelText('Endpoint').selectOptions(URL);
    await expect
      .poll(() => searches(MESSAGES).at(-1))
      .toBe(`?endpoint_id=${CRM}&status=dead&page=1&page_size=25`);
  });

  test('tells why the server refused to send a message again', async () => {
    server.answers.set(MESSAGES, log([message('msg_dead1', 'dead')]));
    server.refusals.set(RESEND, { status: 409, code: 10409, message: 'pending' });
    const screen = await renderScreen(<WebhooksPage />);
    await screen.getByRole('button', { name: 'Send again msg_dead1' }).click();
    await expect
      .element(screen.getByText('Not now: a disabled endpoint gets no test', { exact: false }))
      .toBeVisible();
  });

  test('fits a 375 px wide phone without scrolling sideways', async () => {
    await page.viewport(375, 800);
    server.answers.set(MESSAGES, log([message('msg_dead1', 'dead')]));
    const screen = await renderScreen(<WebhooksPage />);
    await expect.element(screen.getByRole('table', { name: 'Webhook messages, newest first' })).toBeVisible();
    const wide = [...screen.container.querySelectorAll('*')].filter(
      (element) => element.getBoundingClientRect().right > 376,
    );
    expect(wide.map((element) => element.outerHTML.slice(0, 80))).toEqual([]);
  });
});
