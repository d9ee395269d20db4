import { asc, eq } from 'drizzle-orm';
import {
  Codes,
  ProtocolError,
  type webhookEndpointCreate,
  type webhookEndpointUpdate,
  type WebhookEndpoint,
  type WebhookEndpointList,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '@portal/protocol';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { webhookEndpoints } from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/auth.ts';
import { recordAudit, recordStandaloneAudit } from '../audit/index.ts';
import { newSecret, ROTATION_OVERLAP_MS, sealSecret } from './endpoint-secrets.ts';
import { assertEndpointUrl } from './endpoint-url.ts';

type EndpointRow = typeof webhookEndpoints.$inferSelect;

function endpointView(row: EndpointRow, now: Date): WebhookEndpoint {
  const rotating = row.previousSecretUntil && row.previousSecretUntil > now ? row.previousSecretUntil : null;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    enabled: row.disabledAt === null,
    created_at: row.createdAt.toISOString(),
    previous_secret_until: rotating?.toISOString() ?? null,
  };
}

const notFound = () => new ProtocolError(Codes.itemsNotFound);

/** The endpoint row, locked for the change; 10404 when there is none. */
async function lockedEndpoint(tx: Queryable, id: string): Promise<EndpointRow> {
  const [row] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

export async function listEndpoints(ctx: AppContext, actor: Actor): Promise<WebhookEndpointList> {
  const rows = await ctx.db.select().from(webhookEndpoints).orderBy(asc(webhookEndpoints.createdAt));
  await recordStandaloneAudit(ctx, actor.meta, {
    action: 'admin.webhook.read',
    outcome: 'success',
    actorId: actor.userId,
    target: 'webhook_endpoints',
  });
  const now = ctx.now();
  return { endpoints: rows.map((row) => endpointView(row, now)) };
}

/** Adds an endpoint with a new secret, answered this once. */
export async function createEndpoint(
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof webhookEndpointCreate>,
): Promise<WebhookEndpointWithSecret> {
  assertEndpointUrl(ctx.config, input.url);
  const secret = newSecret();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        url: input.url,
        description: input.description,
        events: input.events,
        secret: sealSecret(ctx, secret),
        createdBy: actor.userId,
        createdAt: ctx.now(),
      })
      .returning();
    await recordAudit(tx, actor.meta, {
      action: 'admin.webhook.create',
      outcome: 'success',
      actorId: actor.userId,
      target: `webhook_endpoints:${row!.id}`,
    });
    return { endpoint: endpointView(row!, ctx.now()), secret };
  });
}

/** Changes what the update names; the audit row lists which fields, never their values. */
export async function updateEndpoint(
  ctx: AppContext,
  actor: Actor,
  update: z.output<typeof webhookEndpointUpdate>,
): Promise<WebhookEndpoint> {
  if (update.url !== undefined) assertEndpointUrl(ctx.config, update.url);
  return ctx.db.transaction(async (tx) => {
    const current = await lockedEndpoint(tx, update.id);
    const now = ctx.now();
    const values: Partial<EndpointRow> = {};
    if (update.url !== undefined && update.url !== current.url) values.url = update.url;
    if (update.description !== undefined && update.description !== current.description)
      values.description = update.description;
    if (update.events !== undefined && update.events.join() !== current.events.join())
      values.events = update.events;
    if (update.enabled !== undefined && update.enabled !== (current.disabledAt === null))
      values.disabledAt = update.enabled ? null : now;
    const fields = Object.keys(values).map((key) => (key === 'disabledAt' ? 'enabled' : key));
    if (fields.length === 0) return endpointView(current, now);
    const [row] = await tx
      .update(webhookEndpoints)
      .set(values)
      .where(eq(webhookEndpoints.id, update.id))
      .returning();
    await recordAudit(tx, actor.meta, {
      action: 'admin.webhook.update',
      outcome: 'success',
      actorId: actor.userId,
      target: `webhook_endpoints:${update.id}`,
      detail: { fields },
    });
    return endpointView(row!, now);
  });
}

/** Removes the endpoint and, with it, its messages and their log. */
export async function deleteEndpoint(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockedEndpoint(tx, id);
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    await recordAudit(tx, actor.meta, {
      action: 'admin.webhook.delete',
      outcome: 'success',
      actorId: actor.userId,
      target: `webhook_endpoints:${id}`,
    });
  });
}

/**
 * A new secret, answered this once; the one it replaces keeps signing beside it for a day, so
 * the receiver can switch without refusing a delivery.
 */
export async function rotateSecret(
  ctx: AppContext,
  actor: Actor,
  id: string,
): Promise<WebhookEndpointWithSecret> {
  const secret = newSecret();
  return ctx.db.transaction(async (tx) => {
    const current = await lockedEndpoint(tx, id);
    const now = ctx.now();
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        secret: sealSecret(ctx, secret),
        previousSecret: current.secret,
        previousSecretUntil: new Date(now.getTime() + ROTATION_OVERLAP_MS),
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    await recordAudit(tx, actor.meta, {
      action: 'admin.webhook.rotate',
      outcome: 'success',
      actorId: actor.userId,
      target: `webhook_endpoints:${id}`,
    });
    return { endpoint: endpointView(row!, now), secret };
  });
}
