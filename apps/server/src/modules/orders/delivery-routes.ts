import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeBody, idQuery, proofOfDeliveryRequest, resupplyAnswerRequest } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { ADMIN_ONLY } from '../../plugins/route-access.ts';
import { answerResupply } from './answer-resupply.ts';
import { readProof } from './read-proof.ts';
import { signForDelivery } from './sign-for-delivery.ts';

const encrypted = { 200: envelopeBody };
const viewOrders = { roles: ['user' as const], caregiver: 'view_orders' as const };
const actOnOrders = { roles: ['user' as const], caregiver: 'act_on_orders' as const };
/** The desk that delivers, and the clinicians who prescribed: either may read a proof. */
const staffReadsProof = { ...ADMIN_ONLY, permission: ['manage_orders', 'read_chart'] as const };
const tags = ['orders'];

/**
 * Decision 0035: the proof of delivery, signed at the door and read back by patient and staff,
 * and the patient's answer to a resupply reminder.
 */
export async function deliveryRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/patient/orders/deliver/', {
    // A drawn signature is at most 512 KB: base64 twice (image, then envelope) stays under 2 MB.
    bodyLimit: 2 * 1024 * 1024,
    config: { ...actOnOrders, encryptedBody: true },
    schema: {
      tags,
      summary:
        'Sign the proof of delivery of an order out for delivery; encrypted body (sealed: OrderResult)',
      body: proofOfDeliveryRequest,
      response: encrypted,
    },
    handler: async (request) => {
      const signer = { userId: request.signedIn().id, roles: request.signedIn().roles };
      return request.sealed(
        await signForDelivery(ctx, signer, request.patientId(), request.body, request.meta()),
      );
    },
  });

  r.get('/patient/orders/proof/', {
    config: viewOrders,
    schema: {
      tags,
      summary: 'The signed proof of delivery of one of my orders, as base64; audited, encrypted',
      querystring: idQuery,
      response: encrypted,
    },
    handler: async (request) =>
      request.sealed(
        await readProof(ctx, request.query.id, request.patientId(), request.signedIn().id, request.meta()),
      ),
  });

  r.get('/admin/orders/proof/', {
    config: staffReadsProof,
    schema: {
      tags: ['admin: orders'],
      summary: "A patient's signed proof of delivery, as base64; audited (sealed)",
      querystring: idQuery,
      response: encrypted,
    },
    handler: async (request) =>
      request.sealed(await readProof(ctx, request.query.id, null, request.signedIn().id, request.meta())),
  });

  r.post('/patient/orders/resupply/', {
    config: { ...actOnOrders, encryptedBody: true },
    schema: {
      tags,
      summary:
        'Answer a resupply reminder; still in use orders the items again; encrypted body (sealed: ResupplyAnswerResult)',
      body: resupplyAnswerRequest,
      response: encrypted,
    },
    handler: async (request) => request.sealed(await answerResupply(ctx, request.actor(), request.body)),
  });
}
