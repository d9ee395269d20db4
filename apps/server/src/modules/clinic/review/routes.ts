import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { chartPatientParams, envelopeBody, reviewRequest } from '@portal/protocol';
import type { AppContext } from '../../../context.ts';
import { ADMIN_ONLY, SEALED } from '../../../plugins/route-access.ts';
import { reopenReview } from './reopen-review.ts';
import { readReviewState, submitReview } from './review-intake.ts';

const tags = ['clinic: review'];
const sealed = { 200: envelopeBody };

/** Reviewing a patient's hand-in, and what changed since the last review. */
export async function reviewRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/admin/patients/:id/review/', {
    config: { ...ADMIN_ONLY, permission: 'read_chart' },
    schema: {
      tags,
      summary:
        'The newest hand-in, its reviews with their notes, and the fields changed since the last reviewed hand-in; audited (sealed)',
      params: chartPatientParams,
      response: sealed,
    },
    handler: async (request) =>
      request.sealed(await readReviewState(ctx, request.actor(), request.params.id)),
  });

  r.post('/admin/patients/:id/review/', {
    config: { ...SEALED, permission: 'review_intake' },
    schema: {
      tags,
      summary:
        'Mark the newest hand-in reviewed, or request changes to named sections with a note (reopens them, e-mails the patient without PHI); 10409 when nothing new was handed in (sealed)',
      params: chartPatientParams,
      body: reviewRequest,
      response: sealed,
    },
    handler: async (request) =>
      request.sealed(await submitReview(ctx, request.actor(), request.params.id, request.body)),
  });

  r.post('/admin/patients/:id/review/reopen/', {
    config: { ...ADMIN_ONLY, permission: 'review_intake' },
    schema: {
      tags,
      summary:
        'Take back "reviewed" on the newest hand-in: it waits for review again and the patient\'s sections close; audited; 10409 when the newest hand-in is not marked reviewed (sealed)',
      params: chartPatientParams,
      response: sealed,
    },
    handler: async (request) => request.sealed(await reopenReview(ctx, request.actor(), request.params.id)),
  });
}
