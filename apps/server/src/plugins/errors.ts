import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
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
  408: Codes.requestTimeout,
  413: Codes.tooLarge,
  414: Codes.uriTooLong,
  415: Codes.fileType,
  429: Codes.rateLimited,
  431: Codes.headersTooLarge,
};

const bodyOf = (code: ErrorCode) => JSON.stringify({ code, message: ERROR_CATALOGUE[code].message });

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route runs (a path parameter
 * over maxParamLength: 414, a malformed URL: 400) gets the portal's body, not Fastify's own.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  return send(reply, CODE_BY_STATUS[error.statusCode ?? 400] ?? Codes.validation);
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the request before Fastify saw it
 * (headers over maxHeaderSize: 431, too slow: 408, unparsable: 400). There is no reply object,
 * only the socket: the answer is written by hand, then the connection is closed.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? Codes.headersTooLarge
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? Codes.requestTimeout
        : Codes.validation;
  const status = ERROR_CATALOGUE[code].http;
  const body = bodyOf(code);
  this.log.debug({ code: error.code }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

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
  // Instead of Fastify's return503OnClosing, whose body has no protocol code: while the
  // server shuts down, a request on a kept-alive connection answers 10503 and closes it.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (!closing) return done();
    // HTTP/2 has no such header (its session ends with the server's GOAWAY).
    if (request.raw.httpVersionMajor < 2) reply.header('connection', 'close');
    void send(reply, Codes.unavailable);
  });

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
