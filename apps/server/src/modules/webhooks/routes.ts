import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelopeBody,
  webhookEndpointCreate,
  webhookEndpointId,
  webhookEndpointUpdate,
  webhookMessageId,
  webhookMessageQuery,
} from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { ADMIN_ONLY, SEALED } from '../../plugins/route-access.ts';
import { listMessages, resendMessage, sendTestEvent } from './delivery-log.ts';
import {
  createEndpoint,
  deleteEndpoint,
  listEndpoints,
  rotateSecret,
  updateEndpoint,
} from './manage-endpoints.ts';

const tags = ['admin: webhooks'];
const sealed = { 200: envelopeBody };
const READ = { ...ADMIN_ONLY, permission: 'manage_settings' as const };
const WRITE = { ...SEALED, permission: 'manage_settings' as const };

/** The settings' webhooks: endpoints, their secrets, and the delivery log (decision 0038). */
export async function webhookRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/admin/webhooks/', {
    config: READ,
    schema: {
      tags,
      summary: 'The webhook endpoints, without their secrets (sealed: WebhookEndpointList)',
      response: sealed,
    },
    handler: async (request) => request.sealed(await listEndpoints(ctx, request.actor())),
  });

  r.post('/admin/webhooks/', {
    config: WRITE,
    schema: {
      tags,
      summary:
        'Add an endpoint (https); answers its signing secret this once; audited (sealed: WebhookEndpointWithSecret)',
      body: webhookEndpointCreate,
      response: sealed,
    },
    handler: async (request) => request.sealed(await createEndpoint(ctx, request.actor(), request.body)),
  });

  r.post('/admin/webhooks/update/', {
    config: WRITE,
    schema: {
      tags,
      summary: "Change an endpoint's address, description, events, or enable or disable it; audited (sealed)",
      body: webhookEndpointUpdate,
      response: sealed,
    },
    handler: async (request) => request.sealed(await updateEndpoint(ctx, request.actor(), request.body)),
  });

  r.post('/admin/webhooks/delete/', {
    config: WRITE,
    schema: {
      tags,
      summary: 'Delete an endpoint and its delivery log; audited (sealed)',
      body: webhookEndpointId,
      response: sealed,
    },
    handler: async (request) => {
      await deleteEndpoint(ctx, request.actor(), request.body.id);
      return request.sealed({});
    },
  });

  r.post('/admin/webhooks/rotate/', {
    config: WRITE,
    schema: {
      tags,
      summary:
        'A new signing secret, answered this once; the old one signs beside it for 24 hours; audited (sealed: WebhookEndpointWithSecret)',
      body: webhookEndpointId,
      response: sealed,
    },
    handler: async (request) => request.sealed(await rotateSecret(ctx, request.actor(), request.body.id)),
  });

  r.post('/admin/webhooks/test/', {
    config: WRITE,
    schema: {
      tags,
      summary: 'Queue a `webhook.test` delivery to an enabled endpoint; audited (sealed: WebhookMessage)',
      body: webhookEndpointId,
      response: sealed,
    },
    handler: async (request) => request.sealed(await sendTestEvent(ctx, request.actor(), request.body.id)),
  });

  r.get('/admin/webhooks/messages/', {
    config: READ,
    schema: {
      tags,
      summary: 'The delivery log, newest first, by endpoint and status (sealed: WebhookMessagePage)',
      querystring: webhookMessageQuery,
      response: sealed,
    },
    handler: async (request) => request.sealed(await listMessages(ctx, request.actor(), request.query)),
  });

  r.post('/admin/webhooks/messages/resend/', {
    config: WRITE,
    schema: {
      tags,
      summary:
        'Send a delivered or dead message again, with the same webhook-id and a new 24-hour window; 10409 while pending; audited (sealed: WebhookMessage)',
      body: webhookMessageId,
      response: sealed,
    },
    handler: async (request) => request.sealed(await resendMessage(ctx, request.actor(), request.body.id)),
  });
}
