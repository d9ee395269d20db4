import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { auditQuery, envelopeBody } from '@portal/protocol';
import type { AppContext } from '../../../context.ts';
import { ADMIN_ONLY } from '../../../plugins/route-access.ts';
import { exportAuditJson, listAudit } from './read-audit.ts';

const tags = ['admin: audit'];
const sealed = { 200: envelopeBody };

/** The audit viewer. There is no route that changes or removes a row (a trigger refuses it too). */
export async function adminAuditRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/admin/audit/', {
    config: { ...ADMIN_ONLY, permission: 'read_audit' },
    schema: {
      tags,
      summary:
        'Audit rows, newest first, by actor, subject, action prefix and time range; the read is audited (sealed: AuditPage)',
      querystring: auditQuery,
      response: sealed,
    },
    handler: async (request) => request.sealed(await listAudit(ctx, request.actor(), request.query)),
  });

  r.get('/admin/audit/export/', {
    config: { ...ADMIN_ONLY, permission: 'read_audit' },
    schema: {
      tags,
      summary:
        'The filtered rows as CSV (formula-safe), at most 50,000; audited (sealed: AuditExport, streamed)',
      querystring: auditQuery,
      response: sealed,
    },
    handler: async (request, reply) => {
      const body = await request.sealedStream(exportAuditJson(ctx, request.actor(), request.query));
      // A stream goes out past the serialiser; the schema still says what it carries.
      return reply
        .type('application/json; charset=utf-8')
        .send(body as unknown as z.output<typeof envelopeBody>);
    },
  });
}
