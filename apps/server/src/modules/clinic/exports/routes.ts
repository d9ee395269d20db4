import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { chartExportParams, chartPdfQuery, envelopeBody } from '@portal/protocol';
import type { AppContext } from '../../../context.ts';
import { ADMIN_ONLY } from '../../../plugins/route-access.ts';
import { exportChartFhir, exportChartPdf } from './export-record.ts';

const tags = ['clinic: chart'];
const sealed = { 200: envelopeBody };
const readChart = { ...ADMIN_ONLY, permission: 'read_chart' as const };

/** The patient's record for the clinic's files, from the chart. */
export async function exportRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/admin/patients/:id/export/fhir/', {
    config: readChart,
    schema: {
      tags,
      summary:
        "The patient's record as a FHIR R4 Bundle, the same mapping as their own export; audited (sealed)",
      params: chartExportParams,
      response: sealed,
    },
    handler: async (request) =>
      request.sealed(await exportChartFhir(ctx, request.actor(), request.params.id)),
  });

  r.get('/admin/patients/:id/export/pdf/', {
    config: readChart,
    schema: {
      tags,
      summary:
        'A printable PDF summary of the record in the staff member’s language (base64); audited (sealed)',
      params: chartExportParams,
      querystring: chartPdfQuery,
      response: sealed,
    },
    handler: async (request) =>
      request.sealed(await exportChartPdf(ctx, request.actor(), request.params.id, request.query.locale)),
  });
}
