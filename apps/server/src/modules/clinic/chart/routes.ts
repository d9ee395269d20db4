import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { chartCardQuery, chartParams, chartPatientParams, envelopeBody } from '@portal/protocol';
import type { AppContext } from '../../../context.ts';
import { ADMIN_ONLY } from '../../../plugins/route-access.ts';
import { readChartCard, readChartSection } from './read-chart.ts';

const tags = ['clinic: chart'];
const sealed = { 200: envelopeBody };
const readChart = { ...ADMIN_ONLY, permission: 'read_chart' as const };

/** The patient chart, read-only, one audited read per section. */
export async function chartRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/admin/patients/:id/chart/:section/', {
    config: readChart,
    schema: {
      tags,
      summary:
        'One chart section: an intake section as last handed in, every BF-ADL submission, or every document with its history; audited (sealed)',
      params: chartParams,
      response: sealed,
    },
    handler: async (request) =>
      request.sealed(await readChartSection(ctx, request.actor(), request.params.id, request.params.section)),
  });

  r.get('/admin/patients/:id/chart/insurance/card/', {
    config: readChart,
    schema: {
      tags,
      summary: 'A card image as handed in, by its sha256, as base64; audited (sealed)',
      params: chartPatientParams,
      querystring: chartCardQuery,
      response: sealed,
    },
    handler: async (request) =>
      request.sealed(await readChartCard(ctx, request.actor(), request.params.id, request.query.sha256)),
  });
}
