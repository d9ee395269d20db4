/**
 * The webhooks module's public entry (decision 0038). It sits below the modules whose changes it
 * announces: they call `emitWebhookEvent` inside their transactions, and it imports none of them.
 */
export { emitWebhookEvent } from './emit-webhook-event.ts';
export { createWebhookQueue, type WebhookQueue } from './webhook-queue.ts';
