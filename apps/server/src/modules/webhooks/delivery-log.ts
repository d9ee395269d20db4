import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import {
  Codes,
  ProtocolError,
  WEBHOOK_TEST_EVENT,
  type webhookMessageQuery,
  type WebhookMessage,
  type WebhookMessagePage,
  type WebhookPayload,
} from '@portal/protocol';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { webhookEndpoints, webhookMessages } from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/auth.ts';
import { recordAudit, recordStandaloneAudit } from '../audit/index.ts';
import { DELIVERY_WINDOW_MS, newMessageId } from './emit-webhook-event.ts';

type MessageRow = typeof webhookMessages.$inferSelect;

const messageView = (row: MessageRow): WebhookMessage => ({
  id: row.id,
  endpoint_id: row.endpointId,
  event_type: row.eventType,
  created_at: row.createdAt.toISOString(),
  attempts: row.attempts,
  status: row.status,
  last_status: row.lastStatus,
  last_error: row.lastError,
  last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
  next_attempt_at: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
});

/** One page of the delivery log, newest first; audited like every sealed read. */
export async function listMessages(
  ctx: AppContext,
  actor: Actor,
  query: z.output<typeof webhookMessageQuery>,
): Promise<WebhookMessagePage> {
  const filters: SQL[] = [];
  if (query.endpoint_id) filters.push(eq(webhookMessages.endpointId, query.endpoint_id));
  if (query.status) filters.push(eq(webhookMessages.status, query.status));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const rows = await ctx.db
    .select()
    .from(webhookMessages)
    .where(where)
    .orderBy(desc(webhookMessages.createdAt), desc(webhookMessages.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  const [total] = await ctx.db.select({ n: count() }).from(webhookMessages).where(where);
  await recordStandaloneAudit(ctx, actor.meta, {
    action: 'admin.webhook.log_read',
    outcome: 'success',
    actorId: actor.userId,
    target: 'webhook_messages',
    detail: { page: query.page },
  });
  return { items: rows.map(messageView), total: total?.n ?? 0, page: query.page, page_size: query.page_size };
}

/**
 * Sends a delivered or dead message again: pending at once, with a new delivery window and its
 * attempts counted afresh; the same `webhook-id`, so a receiver that had it dedupes.
 */
export async function resendMessage(ctx: AppContext, actor: Actor, id: string): Promise<WebhookMessage> {
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(webhookMessages).where(eq(webhookMessages.id, id)).for('update');
    if (!current) throw new ProtocolError(Codes.itemsNotFound);
    if (current.status === 'pending') {
      throw new ProtocolError(Codes.conflict, 'This message is still being delivered');
    }
    const now = ctx.now();
    const [row] = await tx
      .update(webhookMessages)
      .set({
        status: 'pending',
        attempts: 0,
        nextAttemptAt: now,
        deadAfter: new Date(now.getTime() + DELIVERY_WINDOW_MS),
        deliveredAt: null,
      })
      .where(eq(webhookMessages.id, id))
      .returning();
    await recordAudit(tx, actor.meta, {
      action: 'admin.webhook.resend',
      outcome: 'success',
      actorId: actor.userId,
      target: `webhook_messages:${id}`,
    });
    return messageView(row!);
  });
}

/** Queues a `webhook.test` message for one enabled endpoint, whatever events it subscribes to. */
export async function sendTestEvent(
  ctx: AppContext,
  actor: Actor,
  endpointId: string,
): Promise<WebhookMessage> {
  return ctx.db.transaction(async (tx) => {
    const [endpoint] = await tx
      .select({ id: webhookEndpoints.id, disabledAt: webhookEndpoints.disabledAt })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpointId));
    if (!endpoint) throw new ProtocolError(Codes.itemsNotFound);
    if (endpoint.disabledAt)
      throw new ProtocolError(Codes.conflict, 'Enable the endpoint before sending it a test');
    const now = ctx.now();
    const payload: WebhookPayload = { type: WEBHOOK_TEST_EVENT, timestamp: now.toISOString(), data: {} };
    const [row] = await tx
      .insert(webhookMessages)
      .values({
        id: newMessageId(),
        endpointId,
        eventType: WEBHOOK_TEST_EVENT,
        payload: payload as unknown as Record<string, unknown>,
        nextAttemptAt: now,
        deadAfter: new Date(now.getTime() + DELIVERY_WINDOW_MS),
        createdAt: now,
      })
      .returning();
    await recordAudit(tx, actor.meta, {
      action: 'admin.webhook.test',
      outcome: 'success',
      actorId: actor.userId,
      target: `webhook_messages:${row!.id}`,
    });
    return messageView(row!);
  });
}
