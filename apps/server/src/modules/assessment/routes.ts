import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { assessmentQuery, assessmentSaveRequest, envelopeBody } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { judgeCarriedOverFlags } from './record-latest-submission.ts';
import { readAssessment, saveAssessment } from './fill-assessment.ts';

const sealed = { 200: envelopeBody };

/** Spec §2/§7 BF-ADL: the patient's own assessment; staff read it in the clinic chart. */
export async function assessmentRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onReady', async () => {
    void judgeCarriedOverFlags(ctx).catch((error: unknown) =>
      ctx.log.error({ err: String(error) }, 'assessment flag backfill failed'),
    );
  });

  r.get('/patient/bf_adl/', {
    config: { roles: ['user'], caregiver: 'view_assessments' },
    schema: {
      tags: ['patient'],
      summary: 'The BF-ADL form definition, draft, history and due date (sealed)',
      querystring: assessmentQuery,
      response: sealed,
    },
    handler: async (request) =>
      request.sealed(await readAssessment(ctx, request.actor(), request.query.instrument)),
  });

  r.post('/patient/bf_adl/', {
    config: { roles: ['user'], encryptedBody: true, caregiver: 'fill_assessments' },
    schema: {
      tags: ['patient'],
      summary: 'Save a BF-ADL draft, or submit the answers to be scored by the server (sealed both ways)',
      body: assessmentSaveRequest,
      response: sealed,
    },
    handler: async (request) => request.sealed(await saveAssessment(ctx, request.actor(), request.body)),
  });
}
