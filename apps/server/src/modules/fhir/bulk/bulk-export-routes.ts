import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { fhirBase, FHIR_JSON, requireScope } from '../fhir-plugin.ts';
import { FhirError } from '../operation-outcome.ts';
import { exportParameters } from './export-parameters.ts';
import { deleteExport, exportFile, exportStatus, statusPath } from './export-status.ts';
import { BUSY_RETRY_SECONDS, ExportBusyError, kickOffExport } from './kick-off-export.ts';
import { requireGroup, rosterGroup } from './patient-groups.ts';

/** How soon a client polling a running export should ask again, in seconds. */
const POLL_SECONDS = 5;

type Query = Record<string, string | string[] | undefined>;

/**
 * Bulk Data Access IG v2: `$export` of every patient or of a Group, its status (the manifest once
 * done) and its ndjson files, each served only to the client that asked (decision 0039).
 */
export async function bulkExportRoutes(api: FastifyInstance, { ctx }: { ctx: AppContext }) {
  async function kickOff(request: FastifyRequest, reply: FastifyReply, groupId: string | null) {
    const access = request.fhirAccess!;
    const parameters = exportParameters(
      { prefer: [request.headers.prefer ?? []].flat().join(','), accept: request.headers.accept },
      request.query as Query,
      access.scopes,
    );
    try {
      const url = `${ctx.config.publicUrl}${request.url}`;
      const exportId = await kickOffExport(ctx, access.clientId, { url, groupId, parameters });
      return reply
        .code(202)
        .header('content-location', `${fhirBase(ctx)}${statusPath(exportId)}`)
        .send();
    } catch (error) {
      if (error instanceof ExportBusyError) reply.header('retry-after', String(BUSY_RETRY_SECONDS));
      throw error;
    }
  }

  api.get('/Patient/$export', (request, reply) => kickOff(request, reply, null));

  api.get<{ Params: { id: string } }>('/Group/:id/$export', (request, reply) => {
    requireScope(request, 'Group', 'r');
    requireGroup(request.params.id);
    return kickOff(request, reply, request.params.id);
  });

  api.get<{ Params: { id: string } }>('/Group/:id', async (request, reply) => {
    requireScope(request, 'Group', 'r');
    requireGroup(request.params.id);
    return reply.type(FHIR_JSON).send(await rosterGroup(ctx));
  });

  api.get<{ Params: { id: string } }>('/$export-status/:id', async (request, reply) => {
    const status = await exportStatus(ctx, request.fhirAccess!.clientId, request.params.id, fhirBase(ctx));
    switch (status.state) {
      case 'in-progress':
        return reply
          .code(202)
          .header('x-progress', status.progress)
          .header('retry-after', String(POLL_SECONDS))
          .send();
      case 'complete':
        return reply.type('application/json').send(status.manifest);
      case 'failed':
        throw new FhirError('exception', status.error);
    }
  });

  api.delete<{ Params: { id: string } }>('/$export-status/:id', async (request, reply) => {
    await deleteExport(ctx, request.fhirAccess!.clientId, request.params.id);
    return reply.code(202).send();
  });

  api.get<{ Params: { id: string } }>('/$export-file/:id', async (request, reply) => {
    const ndjson = await exportFile(ctx, request.fhirAccess!.clientId, request.params.id);
    return reply.type('application/fhir+ndjson').send(ndjson);
  });
}
