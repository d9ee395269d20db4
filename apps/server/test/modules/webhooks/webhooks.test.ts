import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type {
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointWithSecret,
  WebhookMessage,
  WebhookMessagePage,
} from '@portal/protocol';
import type { PortalClient } from '@portal/protocol/testing';
import { purgeGrowingTables } from '../../../src/jobs/purge-growing-tables.ts';
import { auditLog, users, webhookEndpoints, webhookMessages } from '../../../src/db/schema/index.ts';
import { receiverLookup, RefusedAddressError } from '../../../src/modules/webhooks/receiver-address.ts';
import { codeOf, messageOf, pathsOf, sealedPost } from '../../../testing/answers.ts';
import { assign, SIGNATURE_FIELDS, signDrawn, uploadTemplate } from '../../../testing/documents.ts';
import { DEMO_ADMIN, DEMO_PATIENT, startTestPortal, type TestPortal } from '../../../testing/test-portal.ts';
import {
  startWebhookReceiver,
  verifyDelivery,
  type WebhookReceiver,
} from '../../../testing/webhook-receiver.ts';

const SECOND = 1000;
const HOUR = 3600 * SECOND;
const DAY = 24 * HOUR;

let t: TestPortal;
let admin: PortalClient;
let receiver: WebhookReceiver;

beforeAll(async () => {
  t = await startTestPortal();
  admin = await t.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});
/** Signs the administrator in again: tests move the clock past the access token's lifetime. */
const signInAdmin = async () => {
  admin = await t.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
};
beforeEach(async () => {
  // Each test starts with no endpoints and an empty receiver.
  await signInAdmin();
  const { endpoints } = await admin.get<{ endpoints: WebhookEndpoint[] }>('/admin/webhooks/');
  for (const endpoint of endpoints)
    await admin.post('/admin/webhooks/delete/', { id: endpoint.id }, { encrypt: true });
  receiver.deliveries.length = 0;
  receiver.answers.length = 0;
});

const createEndpoint = (body: Partial<WebhookEndpointCreate> = {}) =>
  admin.post<WebhookEndpointWithSecret>(
    '/admin/webhooks/',
    { url: receiver.url, description: 'EHR', events: ['document.signed'], ...body },
    { encrypt: true },
  );
const deliveryLog = (query: Record<string, string> = {}) =>
  admin.get<WebhookMessagePage>('/admin/webhooks/messages/', query);
const sendTest = (id: string) =>
  admin.post<WebhookMessage>('/admin/webhooks/test/', { id }, { encrypt: true });
const deliverDue = () => t.portal.webhookQueue.drain();

/** The demo patient signs a new document; answers the patient's id and the assignment's. */
async function demoPatientSigns(): Promise<{ patientId: string; assignmentId: string }> {
  const patient = await t.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password);
  const [row] = await t.portal.ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_PATIENT.email));
  const template = await uploadTemplate(admin, { fields: SIGNATURE_FIELDS });
  const [assignment] = await assign(admin, template.id, [row!.id], {
    due_at: new Date(t.clock.now().getTime() + 7 * DAY).toISOString(),
  });
  await signDrawn(patient, assignment!.id);
  return { patientId: row!.id, assignmentId: assignment!.id };
}

describe('endpoints', () => {
  it('answers the secret once on create and never in the list; audits the change', async () => {
    const created = await createEndpoint();
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.endpoint).toMatchObject({ url: receiver.url, events: ['document.signed'], enabled: true });
    const listed = await admin.get<{ endpoints: WebhookEndpoint[] }>('/admin/webhooks/');
    expect(listed.endpoints.map((e) => e.id)).toEqual([created.endpoint.id]);
    expect(JSON.stringify(listed)).not.toContain(created.secret.slice(6));
    const rows = await t.portal.ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.target, `webhook_endpoints:${created.endpoint.id}`));
    expect(rows.map((r) => r.action)).toEqual(['admin.webhook.create']);
  });

  it('refuses an address with a user name or password, and an unknown event', async () => {
    const withCredentials = await sealedPost(admin, '/admin/webhooks/', {
      url: 'https://user:pw@ehr.example/hooks',
      events: ['document.signed'],
    });
    expect([withCredentials.status, codeOf(withCredentials), pathsOf(withCredentials)]).toEqual([
      400,
      10400,
      ['url'],
    ]);
    const unknownEvent = await sealedPost(admin, '/admin/webhooks/', {
      url: 'https://ehr.example/hooks',
      events: ['patient.deleted'],
    });
    expect([unknownEvent.status, codeOf(unknownEvent)]).toEqual([400, 10400]);
  });

  it('answers 10404 for an endpoint that does not exist', async () => {
    const answer = await sealedPost(admin, '/admin/webhooks/rotate/', {
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect([answer.status, codeOf(answer)]).toEqual([404, 10404]);
  });
});

describe('a document signed', () => {
  it('is delivered signed, verified by the standardwebhooks library, with ids and no PHI', async () => {
    const { secret } = await createEndpoint();
    const { patientId, assignmentId } = await demoPatientSigns();
    await deliverDue();

    expect(receiver.deliveries).toHaveLength(1);
    const [delivery] = receiver.deliveries;
    const payload = verifyDelivery(secret, delivery!) as Record<string, unknown>;
    expect(payload).toEqual({
      type: 'document.signed',
      timestamp: expect.any(String),
      data: { patient_id: patientId, assignment_id: assignmentId },
    });
    expect(delivery!.headers['webhook-id']).toMatch(/^msg_/);

    const [person] = await t.portal.ctx.db.select().from(users).where(eq(users.id, patientId));
    for (const phi of [person!.email, person!.firstName, person!.lastName]) {
      if (phi) expect(delivery!.body).not.toContain(phi);
    }
    const log = await deliveryLog();
    expect(log.items[0]).toMatchObject({
      event_type: 'document.signed',
      status: 'delivered',
      attempts: 1,
      last_status: 204,
    });
  });

  it('is not queued for an endpoint subscribed to other events, nor for a disabled one', async () => {
    const other = await createEndpoint({ events: ['order.status_changed'] });
    const disabled = await createEndpoint();
    await admin.post(
      '/admin/webhooks/update/',
      { id: disabled.endpoint.id, enabled: false },
      { encrypt: true },
    );
    await demoPatientSigns();
    await deliverDue();
    expect(receiver.deliveries).toEqual([]);
    expect((await deliveryLog({ endpoint_id: other.endpoint.id })).total).toBe(0);
    expect((await deliveryLog({ endpoint_id: disabled.endpoint.id })).total).toBe(0);
  });
});

describe('retries', () => {
  it('retries a failed delivery after the backoff with the same webhook-id', async () => {
    const { endpoint, secret } = await createEndpoint();
    receiver.answers.push(500);
    const message = await sendTest(endpoint.id);
    await deliverDue();
    const first = (await deliveryLog()).items[0]!;
    expect(first).toMatchObject({ id: message.id, status: 'pending', attempts: 1, last_status: 500 });
    expect(first.last_error).toBe('HTTP 500 Internal Server Error');

    // Not due before the 5 s backoff has passed.
    await deliverDue();
    expect(receiver.deliveries).toHaveLength(1);
    t.clock.advance(5 * SECOND);
    await deliverDue();

    expect(receiver.deliveries).toHaveLength(2);
    const ids = receiver.deliveries.map((d) => d.headers['webhook-id']);
    expect(ids).toEqual([message.id, message.id]);
    expect(verifyDelivery(secret, receiver.deliveries[1]!)).toMatchObject({ type: 'webhook.test' });
    expect((await deliveryLog()).items[0]).toMatchObject({
      status: 'delivered',
      attempts: 2,
      last_status: 204,
      last_error: null,
    });
  });

  it('follows the schedule and dead-letters the message when its 24 hours are over', async () => {
    const { endpoint } = await createEndpoint();
    receiver.answers.push(...Array<number>(20).fill(503));
    await sendTest(endpoint.id);
    // 5 s, 5 min, 30 min, 2 h, 5 h, 10 h: the seventh attempt is 17 h 35 min after the first.
    for (const wait of [0, 5 * SECOND, 5 * 60 * SECOND, 30 * 60 * SECOND, 2 * HOUR, 5 * HOUR, 10 * HOUR]) {
      t.clock.advance(wait);
      await deliverDue();
    }
    expect(receiver.deliveries).toHaveLength(7);
    await signInAdmin();
    // The next 10 h would pass the message's 24 hours: it is dead now, not retried.
    const [row] = (await deliveryLog()).items;
    expect(row).toMatchObject({ status: 'dead', attempts: 7, last_status: 503, next_attempt_at: null });
    t.clock.advance(DAY);
    await deliverDue();
    expect(receiver.deliveries).toHaveLength(7);
  });

  it('dead-letters a message whose 24 hours passed before it was delivered', async () => {
    const { endpoint } = await createEndpoint();
    receiver.answers.push(500);
    const message = await sendTest(endpoint.id);
    t.clock.advance(DAY);
    await deliverDue();
    await signInAdmin();
    expect((await deliveryLog({ status: 'dead' })).items.map((m) => m.id)).toEqual([message.id]);
    expect(receiver.deliveries.length).toBeLessThanOrEqual(1);
  });
});

describe('re-send', () => {
  it('sends a dead message again with the same webhook-id and a new window; refuses a pending one', async () => {
    const { endpoint, secret } = await createEndpoint();
    // A first attempt fails, so the message is still pending when re-sent, whenever the node's
    // own poller makes it.
    receiver.answers.push(500);
    const message = await sendTest(endpoint.id);
    const pending = await sealedPost(admin, '/admin/webhooks/messages/resend/', { id: message.id });
    expect([pending.status, codeOf(pending), messageOf(pending)]).toEqual([
      409,
      10409,
      'This message is still being delivered',
    ]);
    t.clock.advance(DAY);
    await deliverDue();
    await signInAdmin();
    receiver.answers.length = 0;

    const again = await admin.post<WebhookMessage>(
      '/admin/webhooks/messages/resend/',
      { id: message.id },
      { encrypt: true },
    );
    expect(again).toMatchObject({ id: message.id, status: 'pending', attempts: 0 });
    await deliverDue();
    expect(new Set(receiver.deliveries.map((d) => d.headers['webhook-id']))).toEqual(new Set([message.id]));
    verifyDelivery(secret, receiver.deliveries.at(-1)!);
    expect((await deliveryLog()).items[0]).toMatchObject({ status: 'delivered', attempts: 1 });
    const [audit] = await t.portal.ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.target, `webhook_messages:${message.id}`))
      .orderBy(auditLog.id);
    expect(audit?.action).toBe('admin.webhook.test');
  });
});

describe('secret rotation', () => {
  it('signs with both secrets for 24 hours, then with the new one only', async () => {
    const { endpoint, secret: oldSecret } = await createEndpoint();
    const rotated = await admin.post<WebhookEndpointWithSecret>(
      '/admin/webhooks/rotate/',
      { id: endpoint.id },
      { encrypt: true },
    );
    expect(rotated.secret).not.toBe(oldSecret);
    expect(rotated.endpoint.previous_secret_until).not.toBeNull();

    await sendTest(endpoint.id);
    await deliverDue();
    const during = receiver.deliveries[0]!;
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    verifyDelivery(oldSecret, during);
    verifyDelivery(rotated.secret, during);

    t.clock.advance(DAY);
    await signInAdmin();
    await sendTest(endpoint.id);
    await deliverDue();
    const after = receiver.deliveries[1]!;
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    verifyDelivery(rotated.secret, after);
    expect(() => verifyDelivery(oldSecret, after)).toThrow('No matching signature found');
  });
});

describe('the delivery log', () => {
  it('lists newest first, filtered by endpoint and status', async () => {
    const a = await createEndpoint();
    const b = await createEndpoint({ events: ['grant.changed'] });
    const first = await sendTest(a.endpoint.id);
    t.clock.advance(SECOND);
    const second = await sendTest(a.endpoint.id);
    t.clock.advance(SECOND);
    const other = await sendTest(b.endpoint.id);
    expect((await deliveryLog()).items.map((m) => m.id)).toEqual([other.id, second.id, first.id]);
    expect((await deliveryLog({ endpoint_id: a.endpoint.id })).items.map((m) => m.id)).toEqual([
      second.id,
      first.id,
    ]);
    expect((await deliveryLog({ page_size: '1', page: '2' })).items.map((m) => m.id)).toEqual([second.id]);
    await deliverDue();
    expect((await deliveryLog({ status: 'delivered' })).total).toBe(3);
    expect((await deliveryLog({ status: 'dead' })).total).toBe(0);
  });

  it('keeps delivered messages 30 days', async () => {
    const { endpoint } = await createEndpoint();
    const message = await sendTest(endpoint.id);
    await deliverDue();
    await purgeGrowingTables(t.portal.ctx);
    expect(
      await t.portal.ctx.db.select().from(webhookMessages).where(eq(webhookMessages.id, message.id)),
    ).toHaveLength(1);
    t.clock.advance(31 * DAY);
    await purgeGrowingTables(t.portal.ctx);
    expect(
      await t.portal.ctx.db.select().from(webhookMessages).where(eq(webhookMessages.id, message.id)),
    ).toHaveLength(0);
  });
});

describe('without WEBHOOK_ALLOW_HTTP', () => {
  let https: TestPortal;
  beforeAll(async () => {
    https = await startTestPortal({ env: { WEBHOOK_ALLOW_HTTP: '0' } });
  });
  afterAll(() => https.close());

  it('refuses an http address', async () => {
    const client = await https.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const answer = await sealedPost(client, '/admin/webhooks/', {
      url: 'http://127.0.0.1:9/hooks',
      events: ['document.signed'],
    });
    expect([answer.status, codeOf(answer), pathsOf(answer), messageOf(answer)]).toEqual([
      400,
      10400,
      ['url'],
      'Enter a web address starting with https://',
    ]);
  });
});

describe("the portal's own machine and reserved addresses", () => {
  const OWN_MACHINE = "The address is on the portal's own machine";
  const RESERVED = 'The address is link-local or reserved';
  let guarded: TestPortal;
  let guardedAdmin: PortalClient;
  beforeAll(async () => {
    guarded = await startTestPortal({ env: { WEBHOOK_ALLOW_LOOPBACK: '0' } });
    guardedAdmin = await guarded.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
  });
  afterAll(() => guarded.close());

  it.each([
    ['http://127.0.0.1:9/hooks', OWN_MACHINE],
    ['http://127.8.9.10/hooks', OWN_MACHINE],
    ['http://[::1]:9/hooks', OWN_MACHINE],
    ['http://[::ffff:127.0.0.1]/hooks', OWN_MACHINE],
    ['http://localhost:9/hooks', OWN_MACHINE],
    ['http://app.localhost./hooks', OWN_MACHINE],
    ['http://169.254.169.254/latest/meta-data/', RESERVED],
    ['http://[fe80::1]/hooks', RESERVED],
    ['http://0.0.0.0:9/hooks', RESERVED],
  ])('refuses %s when WEBHOOK_ALLOW_LOOPBACK is off', async (url, message) => {
    const answer = await sealedPost(guardedAdmin, '/admin/webhooks/', { url, events: ['document.signed'] });
    expect([answer.status, codeOf(answer), pathsOf(answer), messageOf(answer)]).toEqual([
      400,
      10400,
      ['url'],
      message,
    ]);
  });

  it('keeps a private network open: interface engines live there', async () => {
    const created = await guardedAdmin.post<WebhookEndpointWithSecret>(
      '/admin/webhooks/',
      { url: 'http://10.20.30.40/hooks', events: ['document.signed'] },
      { encrypt: true },
    );
    expect(created.endpoint.url).toBe('http://10.20.30.40/hooks');
    await guardedAdmin.post('/admin/webhooks/delete/', { id: created.endpoint.id }, { encrypt: true });
  });

  it('refuses link-local addresses even where loopback is allowed', async () => {
    const answer = await sealedPost(admin, '/admin/webhooks/', {
      url: 'http://169.254.169.254/latest/meta-data/',
      events: ['document.signed'],
    });
    expect([codeOf(answer), messageOf(answer)]).toEqual([10400, RESERVED]);
  });

  it('does not deliver to an endpoint on its own machine stored before the rule', async () => {
    const {
      endpoint: { id: endpointId },
    } = await guardedAdmin.post<WebhookEndpointWithSecret>(
      '/admin/webhooks/',
      { url: 'http://10.20.30.40/hooks', events: ['document.signed'] },
      { encrypt: true },
    );
    await guarded.portal.ctx.db
      .update(webhookEndpoints)
      .set({ url: receiver.url })
      .where(eq(webhookEndpoints.id, endpointId));
    const sent = await guardedAdmin.post<WebhookMessage>(
      '/admin/webhooks/test/',
      { id: endpointId },
      { encrypt: true },
    );
    await guarded.portal.webhookQueue.drain();
    const { items } = await guardedAdmin.get<WebhookMessagePage>('/admin/webhooks/messages/', {
      endpoint_id: endpointId,
    });
    expect(items.find((m) => m.id === sent.id)).toMatchObject({ last_status: null, last_error: OWN_MACHINE });
    expect(receiver.deliveries).toHaveLength(0);
  });

  it('refuses, at the socket, a name that resolves to its own machine', async () => {
    const resolved = await new Promise<unknown>((resolve) =>
      receiverLookup({ webhookAllowLoopback: false })('localhost', {}, (error, address) =>
        resolve(error ?? address),
      ),
    );
    expect(resolved).toBeInstanceOf(RefusedAddressError);
    expect((resolved as Error).message).toBe(OWN_MACHINE);
    const allowed = await new Promise<unknown>((resolve) =>
      receiverLookup({ webhookAllowLoopback: true })('localhost', { all: true }, (error, address) =>
        resolve(error ?? address),
      ),
    );
    expect(allowed).toEqual(
      expect.arrayContaining([expect.objectContaining({ family: expect.any(Number) })]),
    );
  });
});
