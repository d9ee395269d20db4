import { z } from 'zod';
import { pageOf } from './common.ts';
import { isoTime, page, pageSize } from './admin-api.ts';

/**
 * The events a clinic subscribes endpoints to (decision 0038). A delivery's `data` names the
 * patient (their user id, the FHIR Patient id), the record's own ids (`ids`, the ids the FHIR
 * API reads them by) and, where `status` says so, the record's new status: never a name, an
 * answer or a file, so the receiver reads the rest through the FHIR API.
 */
export const WEBHOOK_EVENT_CATALOGUE = [
  { type: 'intake.handed_in', ids: ['hand_in_id'], status: false },
  { type: 'intake.reviewed', ids: ['hand_in_id', 'review_id'], status: true },
  { type: 'assessment.submitted', ids: ['submission_id'], status: false },
  { type: 'document.signed', ids: ['assignment_id'], status: false },
  { type: 'document.declined', ids: ['assignment_id'], status: false },
  { type: 'document.expired', ids: ['assignment_id'], status: false },
  { type: 'order.status_changed', ids: ['order_id'], status: true },
  { type: 'grant.changed', ids: ['grant_id'], status: true },
] as const;

type CatalogueEntry = (typeof WEBHOOK_EVENT_CATALOGUE)[number];

export const WebhookEventType = z.enum(
  WEBHOOK_EVENT_CATALOGUE.map((e) => e.type) as [CatalogueEntry['type'], ...CatalogueEntry['type'][]],
);
export type WebhookEventType = z.infer<typeof WebhookEventType>;

/** Sent to one endpoint on an administrator's request; nobody subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** What one event's `data` carries: the patient, the record's ids, its status where it has one. */
export type WebhookEventData<Type extends WebhookEventType> = { patient_id: string } & {
  [Id in Extract<CatalogueEntry, { type: Type }>['ids'][number]]: string;
} & (Extract<CatalogueEntry, { type: Type }>['status'] extends true ? { status: string } : unknown);

/** The delivered body (Standard Webhooks' shape): `timestamp` is when the event happened. */
export interface WebhookPayload {
  type: WebhookEventType | typeof WEBHOOK_TEST_EVENT;
  timestamp: string;
  data: Record<string, string>;
}

/**
 * An endpoint's address: http(s) without user or password (a secret in a URL ends up in logs);
 * the server refuses http unless WEBHOOK_ALLOW_HTTP is on.
 */
export const webhookUrl = z
  .url({ protocol: /^https?$/, error: 'Enter a web address starting with https://' })
  .max(2000)
  .refine((url) => {
    const parsed = new URL(url);
    return parsed.username === '' && parsed.password === '';
  }, 'The address must not contain a user name or password');

const events = z
  .array(WebhookEventType)
  .min(1, 'Choose at least one event')
  .transform((list) => [...new Set(list)]);
const description = z.string().trim().max(200);

export const webhookEndpointCreate = z.object({
  url: webhookUrl,
  description: description.default(''),
  events,
});
export type WebhookEndpointCreate = z.input<typeof webhookEndpointCreate>;

/** Changes the fields it names; `enabled: false` stops new deliveries (queued ones wait). */
export const webhookEndpointUpdate = z.object({
  id: z.uuid(),
  url: webhookUrl.optional(),
  description: description.optional(),
  events: events.optional(),
  enabled: z.boolean().optional(),
});

export const webhookEndpointId = z.object({ id: z.uuid() });

export const webhookEndpoint = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  events: z.array(WebhookEventType),
  enabled: z.boolean(),
  created_at: isoTime,
  /** Until then the secret before the last rotation signs too; null when there is none. */
  previous_secret_until: isoTime.nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

export const webhookEndpointList = z.object({ endpoints: z.array(webhookEndpoint) });
export type WebhookEndpointList = z.infer<typeof webhookEndpointList>;

/** After create and rotate: the secret, shown this once (it is stored sealed, never answered again). */
export const webhookEndpointWithSecret = z.object({ endpoint: webhookEndpoint, secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecret>;

export const WebhookMessageStatus = z.enum(['pending', 'delivered', 'dead']);
export type WebhookMessageStatus = z.infer<typeof WebhookMessageStatus>;

export const webhookMessageQuery = z.object({
  endpoint_id: z.uuid().optional(),
  status: WebhookMessageStatus.optional(),
  page,
  page_size: pageSize,
});

export const webhookMessage = z.object({
  /** The `webhook-id` header receivers dedupe by. */
  id: z.string(),
  endpoint_id: z.uuid(),
  event_type: z.string(),
  created_at: isoTime,
  attempts: z.number().int(),
  status: WebhookMessageStatus,
  /** The receiver's HTTP status of the last attempt; null when it could not be reached. */
  last_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  last_attempt_at: isoTime.nullable(),
  /** Null unless pending. */
  next_attempt_at: isoTime.nullable(),
});
export type WebhookMessage = z.infer<typeof webhookMessage>;

export const webhookMessagePage = pageOf(webhookMessage);
export type WebhookMessagePage = z.infer<typeof webhookMessagePage>;

export const webhookMessageId = z.object({
  id: z.string().regex(/^msg_[A-Za-z0-9_-]{1,64}$/, 'Not a message id'),
});
