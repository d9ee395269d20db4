import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Binary, Bundle, Resource } from '@medplum/fhirtypes';
import type { AppContext } from '../../context.ts';
import { auditFhirAnswer } from './audit-fhir.ts';
import { capabilityStatement } from './capability-statement.ts';
import { fhirBase, FHIR_JSON, requireScope } from './fhir-plugin.ts';
import { readResource, searchResources } from './find-resources.ts';
import { FhirError } from './operation-outcome.ts';
import { servedType, type ServedType } from './resource-types.ts';
import { parseSearch } from './search-params.ts';

const FHIR_ID = /^[A-Za-z0-9\-.]{1,64}$/;

function servedOrNotFound(type: string): ServedType {
  const served = servedType(type);
  if (!served) throw new FhirError('not-found', `This server does not serve ${type}`);
  return served;
}

/** FHIR R4 §3.1.0.1.6 `Prefer: handling=strict`: unknown search parameters are refused, not ignored. */
const strictHandling = (request: FastifyRequest) =>
  /(^|[;,\s])handling=strict\b/.test(String(request.headers.prefer ?? ''));

/** Binary answers its raw bytes to a client that asks for them rather than for FHIR JSON. */
function wantsRawBytes(request: FastifyRequest, binary: Binary): boolean {
  const accept = String(request.headers.accept ?? '');
  return (
    binary.contentType !== undefined && accept.includes(binary.contentType) && !accept.includes(FHIR_JSON)
  );
}

function sendResource(request: FastifyRequest, reply: FastifyReply, resource: Resource) {
  if (resource.resourceType === 'Binary' && wantsRawBytes(request, resource)) {
    return reply.type(resource.contentType!).send(Buffer.from(resource.data ?? '', 'base64'));
  }
  return reply.type(FHIR_JSON).send(resource);
}

const searchUrl = (ctx: AppContext, type: string, params: [string, string][]) => {
  const query = new URLSearchParams(params).toString();
  return `${fhirBase(ctx)}/${type}${query ? `?${query}` : ''}`;
};

/** The FHIR resources: the CapabilityStatement, read and search of every served type (decision 0036). */
export async function resourceRoutes(api: FastifyInstance, opts: { ctx: AppContext }) {
  const { ctx } = opts;
  const rateLimit = {
    max: ctx.config.FHIR_RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    // After the bearer check (onRequest), so each client has its own counter.
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => request.fhirAccess?.clientId ?? request.ip,
    errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) =>
      new FhirError('throttled', `Too many requests: retry in ${context.after}`),
  };
  const config = { rateLimit, rateLimitGroup: 'fhir' };

  api.get('/metadata', { config: { fhirPublic: true } }, async (_request, reply) =>
    reply.type(FHIR_JSON).send(capabilityStatement(ctx)),
  );

  api.get<{ Params: { type: string; id: string } }>('/:type/:id', { config }, async (request, reply) => {
    const { type, id } = request.params;
    const served = servedOrNotFound(type);
    const access = requireScope(request, type, 'r');
    const found = FHIR_ID.test(id) ? await readResource(ctx, ctx.db, served, id) : undefined;
    if (!found) throw new FhirError('not-found', `${type}/${id} is not known`);
    await auditFhirAnswer(ctx, request, access, {
      action: 'fhir.read',
      type,
      detail: { id },
      count: 1,
      patients: found.patientId ? [found.patientId] : [],
    });
    return sendResource(request, reply, found.resource);
  });

  api.get<{ Params: { type: string }; Querystring: Record<string, string | string[]> }>(
    '/:type',
    { config },
    async (request, reply) => {
      const { type } = request.params;
      const served = servedOrNotFound(type);
      const access = requireScope(request, type, 's');
      const search = parseSearch(served, request.query, strictHandling(request));
      const page = await searchResources(ctx, ctx.db, served, search);
      const paging: [string, string][] = [['_count', String(search.count)]];
      const selfPaging: [string, string][] = search.cursor
        ? [['_cursor', `${search.cursor.patientId}.${search.cursor.skip}`]]
        : search.offset > 0
          ? [['_offset', String(search.offset)]]
          : [];
      const bundle: Bundle = {
        resourceType: 'Bundle',
        type: 'searchset',
        timestamp: ctx.now().toISOString(),
        total: page.total,
        link: [
          { relation: 'self', url: searchUrl(ctx, type, [...search.applied, ...paging, ...selfPaging]) },
          ...(page.next
            ? [{ relation: 'next', url: searchUrl(ctx, type, [...search.applied, ...paging, page.next]) }]
            : []),
        ],
        entry: page.resources.map((resource) => ({
          fullUrl: `${fhirBase(ctx)}/${resource.resourceType}/${resource.id}`,
          resource,
          search: { mode: 'match' as const },
        })),
      };
      await auditFhirAnswer(ctx, request, access, {
        action: 'fhir.search',
        type,
        detail: { params: new URLSearchParams(search.applied).toString() },
        count: page.resources.length,
        patients: page.patients,
      });
      return reply.type(FHIR_JSON).send(bundle);
    },
  );
}
