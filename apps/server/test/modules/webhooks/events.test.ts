import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookEventType, type WebhookEndpointWithSecret, type WebhookPayload } from '@portal/protocol';
import type { PortalClient } from '@portal/protocol/testing';
import { runDocumentJobs } from '../../../src/modules/documents/index.ts';
import { answersTotalling, saveAssessment, submission } from '../../../testing/assessment.ts';
import { daysAhead, invite } from '../../../testing/caregivers.ts';
import { fillIntake, handIn } from '../../../testing/clinic.ts';
import {
  addPatient,
  addStaff,
  assign,
  SIGNATURE_FIELDS,
  uploadTemplate,
} from '../../../testing/documents.ts';
import {
  addCoverage,
  prescribe,
  saveCatalogueItem,
  startOrdersWorld,
  WHEELCHAIR,
  type OrdersWorld,
} from '../../../testing/orders.ts';
import { DEMO_ADMIN } from '../../../testing/test-portal.ts';
import {
  startWebhookReceiver,
  verifyDelivery,
  type WebhookReceiver,
} from '../../../testing/webhook-receiver.ts';

// Each event of the catalogue fires from the flow that makes it, with ids only.

let w: OrdersWorld;
let admin: PortalClient;
let receiver: WebhookReceiver;
let secret: string;

beforeAll(async () => {
  w = await startOrdersWorld();
  admin = await w.t.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
  receiver = await startWebhookReceiver();
  const created = await admin.post<WebhookEndpointWithSecret>(
    '/admin/webhooks/',
    { url: receiver.url, events: WebhookEventType.options },
    { encrypt: true },
  );
  secret = created.secret;
});
afterAll(async () => {
  await receiver.close();
  await w.t.close();
});

/** The events delivered so far about `patientId`, verified, in the order they were queued. */
async function eventsOf(patientId: string): Promise<[string, Record<string, string>][]> {
  await w.t.portal.webhookQueue.drain();
  return receiver.deliveries
    .map((delivery) => verifyDelivery(secret, delivery) as WebhookPayload)
    .filter((payload) => payload.data.patient_id === patientId)
    .sort((a, b) => a.timestamp.localeCompare(b.timestamp))
    .map((payload) => [payload.type, payload.data]);
}

describe('events from the flows', () => {
  it('assessment.submitted and order.status_changed', async () => {
    const patient = await addPatient(w.t, 'Jordan');
    await addCoverage(patient.client);
    await saveAssessment(patient.client, submission(answersTotalling(60)));
    const wheelchair = await saveCatalogueItem(w.desk, WHEELCHAIR);
    const order = await prescribe(w.clinician, patient.id, wheelchair.id);

    const events = await eventsOf(patient.id);
    expect(events[0]).toEqual([
      'assessment.submitted',
      { patient_id: patient.id, submission_id: expect.any(String) },
    ]);
    expect(events.slice(1)).toContainEqual([
      'order.status_changed',
      { patient_id: patient.id, order_id: order.id, status: order.status },
    ]);
  });

  it('intake.handed_in and intake.reviewed', async () => {
    const patient = await addPatient(w.t, 'Sam');
    const reviewer = await addStaff(w.t, ['review_intake', 'read_chart']);
    await fillIntake(patient.client);
    await handIn(patient.client);
    await reviewer.client.post(
      `/admin/patients/${patient.id}/review/`,
      { outcome: 'reviewed' },
      { encrypt: true },
    );

    const [handedIn, reviewed] = await eventsOf(patient.id);
    expect(handedIn).toEqual([
      'intake.handed_in',
      { patient_id: patient.id, hand_in_id: expect.any(String) },
    ]);
    expect(reviewed).toEqual([
      'intake.reviewed',
      {
        patient_id: patient.id,
        hand_in_id: handedIn![1].hand_in_id,
        review_id: expect.any(String),
        status: 'reviewed',
      },
    ]);
  });

  it('grant.changed when a patient invites a caregiver and revokes the grant', async () => {
    const patient = await addPatient(w.t, 'Alex');
    const grant = await invite(
      patient.client,
      `helper-${Date.now()}@example.com`,
      ['view_intake'],
      daysAhead(w.t, 30),
    );
    await patient.client.post('/account/caregivers/revoke/', { id: grant.id }, { encrypt: true });

    expect(await eventsOf(patient.id)).toEqual([
      ['grant.changed', { patient_id: patient.id, grant_id: grant.id, status: 'invited' }],
      ['grant.changed', { patient_id: patient.id, grant_id: grant.id, status: 'revoked' }],
    ]);
  });

  it('document.declined and document.expired', async () => {
    const patient = await addPatient(w.t, 'Kim');
    const due = new Date(w.t.clock.now().getTime() + 2 * 86_400_000).toISOString();
    const sent = async (title: string) => {
      const template = await uploadTemplate(admin, { title, fields: SIGNATURE_FIELDS });
      return (await assign(admin, template.id, [patient.id], { due_at: due }))[0]!;
    };
    const declined = await sent('Consent to video visits');
    const expiring = await sent('Consent to home visits');
    await patient.client.post(
      '/patient/sign/',
      { id: declined.id, action: 'reject', reason: 'Not my form' },
      { encrypt: true },
    );
    // Delivered before the clock moves past the decline's 24-hour delivery window.
    await w.t.portal.webhookQueue.drain();
    w.t.clock.advance(3 * 86_400_000);
    await runDocumentJobs(w.t.portal.ctx);

    expect(await eventsOf(patient.id)).toEqual([
      ['document.declined', { patient_id: patient.id, assignment_id: declined.id }],
      ['document.expired', { patient_id: patient.id, assignment_id: expiring.id }],
    ]);
  });
});
