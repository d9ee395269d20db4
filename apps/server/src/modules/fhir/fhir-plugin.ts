import type {
  FastifyError,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import type { AppContext } from '../../context.ts';
import { FhirError, operationOutcome } from './operation-outcome.ts';
import { accessOfToken, type FhirAccess } from './smart/access-tokens.ts';
import { permits, type FhirInteraction } from './smart/scopes.ts';

export const FHIR_JSON = 'application/fhir+json';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A FHIR route anyone may call (the CapabilityStatement, SMART discovery, the token endpoint). */
    fhirPublic?: boolean;
  }
  interface FastifyRequest {
    /** The client a FHIR request's bearer token names; set on every route that is not `fhirPublic`. */
    fhirAccess?: FhirAccess;
  }
}

export { FHIR_BASE_PATH, fhirBase } from '../../lib/fhir-base.ts';

/** The request's client, refused with 403 unless its scopes allow `interaction` on `resourceType`. */
export function requireScope(
  request: FastifyRequest,
  resourceType: string,
  interaction: FhirInteraction,
): FhirAccess {
  const access = request.fhirAccess;
  if (!access) throw new FhirError('login', 'A bearer token is required');
  if (!permits(access.scopes, resourceType, interaction)) {
    throw new FhirError('forbidden', `The token's scopes do not allow this on ${resourceType}`);
  }
  return access;
}

function sendOutcome(reply: FastifyReply, error: FastifyError | FhirError) {
  if (error instanceof FhirError) {
    if (error.status === 401) reply.header('www-authenticate', 'Bearer realm="fhir"');
    return reply.code(error.status).type(FHIR_JSON).send(operationOutcome(error.issue, error.diagnostics));
  }
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 500) reply.log.error({ err: error }, 'FHIR request failed');
  const issue = status === 429 ? 'throttled' : status === 500 ? 'exception' : 'invalid';
  const diagnostics = status === 500 ? 'The server could not answer this request' : error.message;
  return reply.code(status).type(FHIR_JSON).send(operationOutcome(issue, diagnostics));
}

/**
 * The FHIR R4 API's frame: OperationOutcome for every refusal, `application/fhir+json`, and the
 * bearer token checked before any route that is not `fhirPublic`. Each part of the API (resources,
 * SMART, bulk export) registers its routes inside it.
 */
export function fhirApi(parts: readonly FastifyPluginAsync<{ ctx: AppContext }>[]) {
  return async (api: FastifyInstance, opts: { ctx: AppContext }) => {
    const { ctx } = opts;
    api.setErrorHandler((error: FastifyError, _request, reply) => sendOutcome(reply, error));
    api.setNotFoundHandler((_request, reply) =>
      sendOutcome(reply, new FhirError('not-found', 'No such FHIR endpoint')),
    );
    api.addContentTypeParser(FHIR_JSON, { parseAs: 'string' }, api.getDefaultJsonParser('error', 'error'));
    api.addHook('onRequest', async (request) => {
      if (request.routeOptions.config?.fhirPublic) return;
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
      const access = token ? await accessOfToken(ctx, token) : null;
      if (!access) throw new FhirError('login', 'The bearer token is missing, expired or revoked');
      request.fhirAccess = access;
    });
    for (const part of parts) await api.register(part, { ctx });
  };
}
