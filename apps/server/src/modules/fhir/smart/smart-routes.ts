import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { Codes, ProtocolError } from '@portal/protocol';
import type { AppContext } from '../../../context.ts';
import { fhirBase } from '../fhir-plugin.ts';
import { ASSERTION_ALGORITHMS } from './client-assertion.ts';
import { SUPPORTED_SCOPES } from './client-scopes.ts';
import { grantAccessToken, type TokenForm } from './grant-access-token.ts';
import { OAuthError } from './oauth-error.ts';

const FORM = 'application/x-www-form-urlencoded';
/** A form of a few hundred bytes and a signed assertion of a few kilobytes. */
const TOKEN_BODY_LIMIT = 16 * 1024;

export const tokenEndpoint = (ctx: AppContext) => `${fhirBase(ctx)}/auth/token`;

/** RFC 6749 §5.1: token answers, granted or refused, are never cached. */
function sendOAuth(reply: FastifyReply, status: number, body: object) {
  return reply.code(status).header('cache-control', 'no-store').header('pragma', 'no-cache').send(body);
}

/** The form, each parameter at most once (RFC 6749 §3.2); a repeated one is refused. */
function parseForm(text: string): TokenForm {
  const form: TokenForm = {};
  for (const [name, value] of new URLSearchParams(text)) {
    if (name in form) throw new OAuthError('invalid_request', `${name} is given more than once`);
    form[name] = value;
  }
  return form;
}

const isRateLimited = (error: Error & { statusCode?: number }) =>
  error.statusCode === 429 || (error instanceof ProtocolError && error.code === Codes.rateLimited);

/**
 * The token endpoint in a context of its own: it answers OAuth JSON (RFC 6749 §5.2), not the
 * OperationOutcome of the rest of the API. Rate-limited per client address with the sign-in
 * limit: before the assertion is verified the client is not known, and keying by the `iss` it
 * claims would let a caller pick a fresh counter with each request (decision 0037).
 */
async function tokenRoute(api: FastifyInstance, { ctx }: { ctx: AppContext }) {
  api.removeAllContentTypeParsers();
  api.addContentTypeParser(
    FORM,
    { parseAs: 'string', bodyLimit: TOKEN_BODY_LIMIT },
    (_request, body, done) => {
      try {
        done(null, parseForm(String(body)));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
  api.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof OAuthError) {
      return sendOAuth(reply, error.status, { error: error.error, error_description: error.description });
    }
    if (isRateLimited(error)) {
      return sendOAuth(reply, 429, {
        error: 'invalid_request',
        error_description: 'Too many token requests: retry later',
      });
    }
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: error }, 'Token request failed');
      return sendOAuth(reply, 500, {
        error: 'server_error',
        error_description: 'The server could not answer',
      });
    }
    const description = status === 415 ? `The body must be ${FORM}` : 'The token request is malformed';
    return sendOAuth(reply, status === 415 || status === 413 ? status : 400, {
      error: 'invalid_request',
      error_description: description,
    });
  });

  api.post('/auth/token', {
    config: {
      fhirPublic: true,
      rateLimit: { max: ctx.config.RATE_LIMIT_AUTH_PER_MINUTE, timeWindow: 60_000 },
      rateLimitGroup: 'fhir-token',
    },
    handler: async (request, reply) => {
      if (typeof request.body !== 'object' || request.body === null) {
        throw new OAuthError('invalid_request', `The body must be ${FORM}`);
      }
      const answer = await grantAccessToken(
        ctx,
        request.meta(),
        request.body as TokenForm,
        tokenEndpoint(ctx),
      );
      return sendOAuth(reply, 200, answer);
    },
  });
}

/** SMART Backend Services at the FHIR base: discovery and the token endpoint (decision 0037). */
export async function smartRoutes(api: FastifyInstance, { ctx }: { ctx: AppContext }) {
  api.get('/.well-known/smart-configuration', {
    config: { fhirPublic: true },
    handler: async (_request, reply) =>
      reply.type('application/json').send({
        token_endpoint: tokenEndpoint(ctx),
        grant_types_supported: ['client_credentials'],
        token_endpoint_auth_methods_supported: ['private_key_jwt'],
        token_endpoint_auth_signing_alg_values_supported: ASSERTION_ALGORITHMS,
        scopes_supported: SUPPORTED_SCOPES,
        capabilities: ['client-confidential-asymmetric', 'permission-v2'],
      }),
  });
  await api.register(tokenRoute, { ctx });
}
