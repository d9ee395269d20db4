import { randomBytes } from 'node:crypto';
import { and, isNull, sql } from 'drizzle-orm';
import type { WebhookEventData, WebhookEventType, WebhookPayload } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { webhookEndpoints, webhookMessages } from '../../db/schema/index.ts';

/** Standard Webhooks: a message is retried for a day after its event, then dead-lettered. */
export const DELIVERY_WINDOW_MS = 24 * 60 * 60_000;

/** The `webhook-id`: unique per message, the same on every retry and re-send. */
export const newMessageId = () => `msg_${randomBytes(18).toString('base64url')}`;

/**
 * Queues `type` for every enabled endpoint subscribed to it (an outbox): pass the transaction of
 * the change, so the event is sent only if the change commits. `data` holds ids and statuses only.
 */
export async function emitWebhookEvent<Type extends WebhookEventType>(
  db: Queryable,
  ctx: Pick<AppContext, 'now'>,
  type: Type,
  data: WebhookEventData<Type>,
): Promise<void> {
  const endpoints = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(isNull(webhookEndpoints.disabledAt), sql`${type} = any(${webhookEndpoints.events})`));
  if (endpoints.length === 0) return;
  const now = ctx.now();
  const payload: WebhookPayload = {
    type,
    timestamp: now.toISOString(),
    data: data as Record<string, string>,
  };
  await db.insert(webhookMessages).values(
    endpoints.map((endpoint) => ({
      id: newMessageId(),
      endpointId: endpoint.id,
      eventType: type,
      payload: payload as unknown as Record<string, unknown>,
      nextAttemptAt: now,
      deadAfter: new Date(now.getTime() + DELIVERY_WINDOW_MS),
      createdAt: now,
    })),
  );
}
