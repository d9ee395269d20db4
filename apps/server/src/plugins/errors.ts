import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { Codes, ERROR_CATALOGUE, ProtocolError, type ErrorCode, type FieldError } from '@portal/protocol';

/** Fastify's own 4xx errors, by HTTP status, mapped onto protocol codes. */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: Codes.validation,
  401: Codes.sessionExpired,
  403: Codes.forbidden,
  404: Codes.itemsNotFound,
  413: Codes.tooLarge,
  415: Codes.fileType,
  429: Codes.rateLimited,
};

/** Connection-level database failures: the service is down, not the request wrong. */
const DATABASE_DOWN = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

function isDatabaseDown(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && DATABASE_DOWN.has(code)) return true;
    if (/Connection terminated|connection is closed|Client was closed/i.test(e.message)) return true;
    // pg's own bounds (db/database.ts): no connection in time, or no answer to a query in time.
    if (/timeout exceeded when trying to connect|Query read timeout/i.test(e.message)) return true;
  }
  return false;
}

/** Query errors quote their parameters, which may be PHI: keep only the error's kind. */
function safeErrorSummary(error: unknown): Record<string, unknown> {
  const e = error instanceof Error ? error : new Error(String(error));
  const cause = e.cause as { code?: unknown } | undefined;
  return {
    type: e.name,
    code: (e as { code?: unknown }).code ?? cause?.code,
    message: e.message.split('\nparams:')[0]?.slice(0, 300),
  };
}

function send(reply: FastifyReply, code: ErrorCode, message?: string, errors?: FieldError[]) {
  return reply
    .status(ERROR_CATALOGUE[code].http)
    .send({ code, message: message ?? ERROR_CATALOGUE[code].message, ...(errors ? { errors } : {}) });
}

/** The one place that turns errors into `{ code, message, errors? }` (protocol.md §1, §6). */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | ProtocolError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ProtocolError) return send(reply, error.code, error.message, error.errors);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? 'Invalid value',
      }));
      return send(reply, Codes.validation, undefined, errors);
    }
    if (isDatabaseDown(error)) {
      request.log.error({ err: safeErrorSummary(error) }, 'database unavailable');
      return send(reply, Codes.unavailable);
    }
    const status = 'statusCode' in error ? error.statusCode : undefined;
    const mapped = status !== undefined ? CODE_BY_STATUS[status] : undefined;
    if (mapped !== undefined) return send(reply, mapped);
    request.log.error({ err: safeErrorSummary(error) }, 'unexpected error');
    return reply.status(500).send({
      code: Codes.unexpected,
      message: ERROR_CATALOGUE[Codes.unexpected].message,
      request_id: request.id,
    });
  });
});
