import type { FhirClientView, WebhookEventType } from '@portal/protocol';
import type { PortalClient } from '@portal/protocol/testing';
import { clientKey } from '../smart-clients.ts';
import { post } from './fixture-calls.ts';

/**
 * Where the clinic's webhook endpoint points: a loopback port nothing listens on (the discard
 * port), so every delivery the writer's node and the upgrade test's node attempt is refused at
 * once instead of going anywhere or waiting out a timeout.
 */
const UNREACHABLE_RECEIVER = 'http://127.0.0.1:9/portal-events';

/** The events of the scenario's own steps: hand-ins, reviews, BF-ADL answers, documents, grants. */
export const SUBSCRIBED: WebhookEventType[] = [
  'intake.handed_in',
  'intake.reviewed',
  'assessment.submitted',
  'document.signed',
  'document.declined',
  'document.expired',
  'grant.changed',
];

/**
 * The clinic's integrations, set up on the settings page before anything else happens: the
 * EHR registered as an API client with its public key set, a lab system registered and later
 * revoked, and an endpoint subscribed to the events the scenario's steps then queue.
 */
export async function integrations(admin: PortalClient): Promise<void> {
  const register = async (name: string, scopes: string[]) => {
    const key = await clientKey('ES384');
    return post<FhirClientView>(admin, '/admin/fhir-clients/', {
      name,
      jwks: JSON.stringify({ keys: [key.publicJwk] }),
      scopes,
    });
  };
  await register('Harbour EHR', [
    'system/Patient.rs',
    'system/QuestionnaireResponse.rs',
    'system/Consent.rs',
  ]);
  const lab = await register('Old lab system', ['system/*.rs']);
  await post(admin, '/admin/fhir-clients/revoke/', { id: lab.id });
  await post(admin, '/admin/webhooks/', {
    url: UNREACHABLE_RECEIVER,
    description: 'Harbour EHR inbox',
    events: SUBSCRIBED,
  });
}
