import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { webhookEndpoints, webhookMessages } from '../../db/schema/index.ts';
import { attemptDelivery } from './deliver-message.ts';
import { retryDelayMs } from './retry-schedule.ts';

/** A claimed message stays hidden from other nodes this long: past the 10 s timeout, so a crash only delays it. */
const LEASE_MS = 60_000;
/** The worker's cadence: a new event goes out within this long. */
const POLL_MS = 1_000;
const BATCH = 20;

type Message = typeof webhookMessages.$inferSelect;

export interface WebhookQueue {
  /** Attempts everything due now, and waits for it. */
  drain(): Promise<void>;
  start(): void;
  close(): Promise<void>;
}

/** Messages whose delivery window closed while they waited: dead-lettered, not attempted. */
async function deadLetterExpired(ctx: AppContext, at: Date) {
  await ctx.db
    .update(webhookMessages)
    .set({ status: 'dead' })
    .where(and(eq(webhookMessages.status, 'pending'), lte(webhookMessages.deadAfter, at)));
}

/** Claims up to BATCH due messages: hidden from other nodes for LEASE_MS, one attempt counted. */
function claimDue(ctx: AppContext, at: Date) {
  const due = ctx.db
    .select({ id: webhookMessages.id })
    .from(webhookMessages)
    .where(and(eq(webhookMessages.status, 'pending'), lte(webhookMessages.nextAttemptAt, at)))
    .orderBy(asc(webhookMessages.nextAttemptAt))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  return ctx.db
    .update(webhookMessages)
    .set({
      nextAttemptAt: new Date(at.getTime() + LEASE_MS),
      attempts: sql`${webhookMessages.attempts} + 1`,
      lastAttemptAt: at,
    })
    .where(inArray(webhookMessages.id, due))
    .returning();
}

/** One attempt of a claimed message, and its outcome recorded: delivered, retried later, or dead. */
async function deliver(ctx: AppContext, message: Message) {
  const [endpoint] = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, message.endpointId));
  const set = (values: Partial<Message>) =>
    ctx.db.update(webhookMessages).set(values).where(eq(webhookMessages.id, message.id));
  // Deleting an endpoint deletes its messages; a disabled one gets nothing, its queue dead-lettered.
  if (!endpoint) return;
  if (endpoint.disabledAt) {
    await set({ status: 'dead', lastStatus: null, lastError: 'Endpoint disabled' });
    return;
  }
  const result = await attemptDelivery(ctx, endpoint, message);
  const now = ctx.now();
  if (result.delivered) {
    await set({ status: 'delivered', deliveredAt: now, lastStatus: result.status, lastError: null });
    return;
  }
  const next = new Date(now.getTime() + retryDelayMs(message.attempts));
  await set({
    status: next >= message.deadAfter ? 'dead' : 'pending',
    nextAttemptAt: next,
    lastStatus: result.status,
    lastError: result.error,
  });
}

/**
 * The delivery queue (webhook_messages), polled by every node: rows are claimed with FOR UPDATE
 * SKIP LOCKED and a lease, so two nodes never attempt a message at once while both are alive.
 */
export function createWebhookQueue(ctx: AppContext): WebhookQueue {
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  async function runOnce() {
    await deadLetterExpired(ctx, ctx.now());
    for (
      let batch = await claimDue(ctx, ctx.now());
      batch.length > 0;
      batch = await claimDue(ctx, ctx.now())
    ) {
      await Promise.all(batch.map((message) => deliver(ctx, message)));
    }
  }

  /** One pass at a time per node; a caller during a pass waits for it and then runs its own. */
  async function drain(): Promise<void> {
    while (running) await running;
    running = runOnce().finally(() => {
      running = null;
    });
    return running;
  }

  const wake = () => {
    if (closed || running) return;
    drain().catch((error: unknown) => ctx.log.error({ err: String(error) }, 'webhook queue pass failed'));
  };

  return {
    drain,
    start() {
      timer = setInterval(wake, POLL_MS);
      timer.unref();
    },
    async close() {
      closed = true;
      clearInterval(timer);
      await running;
    },
  };
}
