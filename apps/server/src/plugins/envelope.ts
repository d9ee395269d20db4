import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { Codes, generateSalt, isValidSalt, open, openJson, ProtocolError, sealJson } from '@portal/protocol';
import { nodeCryptoPrimitives } from '@portal/protocol/node-crypto';
import type { AppContext } from '../context.ts';
import { sealedEnvelopePieces } from './sealed-stream.ts';
import { consumeSalt, loadSharedSecret } from '../modules/auth/index.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The whole body is `{ data: <sealed JSON> }` (protocol.md §4). */
    encryptedBody?: boolean;
    /** One field of a plain JSON body is sealed (login/signup password). */
    secretField?: string;
  }
  interface FastifyRequest {
    /** The handshake's shared secret Z for the request's uid; 10014 when unknown. */
    sharedSecret(): Promise<Uint8Array>;
    /** An encrypted envelope of `payload` (tokens, PHI) under a fresh server salt. */
    sealed(payload: unknown): Promise<{ code: 0; salt: string; data: string }>;
    /**
     * The same envelope as `sealed`, byte for byte, for JSON text written in pieces: a stream for
     * `reply.send` that pulls the next piece only as the client reads (an answer too big to hold).
     */
    sealedStream(json: AsyncIterable<string>): Promise<Readable>;
    [knownSharedSecret]: (() => Uint8Array) | null;
    [pendingSharedSecret]: Promise<Uint8Array> | null;
  }
}

// Fields of the request decorated below, not WeakMaps keyed by it: the auth hook hands over a
// secret on every request, the event poll's too, and a WeakMap entry per request cost 0.8 %
// of the poll's CPU samples and garbage collection work besides.
const knownSharedSecret = Symbol('knownSharedSecret');
const pendingSharedSecret = Symbol('pendingSharedSecret');

/**
 * The auth hook has already read (and judged) the request's handshake: it hands over its
 * secret here, decrypted only if a route asks for it, so no request reads the handshake twice.
 */
export function useSharedSecret(request: FastifyRequest, secret: () => Uint8Array): void {
  request[knownSharedSecret] = secret;
}

function uidOf(request: FastifyRequest): string | undefined {
  const uid = request.headers.uid;
  return typeof uid === 'string' ? uid : undefined;
}

/**
 * protocol.md §3-§4: opens sealed request bodies before validation, so routes and
 * services only see plain values, and seals the answers routes hand to `request.sealed`.
 * The envelope runs on node:crypto's primitives, in the request's own tick (decision 0011).
 */
export const envelopePlugin = fp(async (app: FastifyInstance, opts: { ctx: AppContext }) => {
  const { ctx } = opts;

  app.decorateRequest(knownSharedSecret, null);
  app.decorateRequest(pendingSharedSecret, null);
  app.decorateRequest('sharedSecret', function (this: FastifyRequest) {
    const known = this[knownSharedSecret];
    this[pendingSharedSecret] ??= known ? Promise.resolve().then(known) : loadSharedSecret(ctx, uidOf(this));
    return this[pendingSharedSecret];
  });

  const openBody: preValidationAsyncHookHandler = async (request) => {
    const { encryptedBody, secretField } = request.routeOptions.config;
    const body = request.body;
    const sealed = encryptedBody
      ? (body as { data?: unknown } | undefined)?.data
      : (body as Record<string, unknown> | undefined)?.[secretField!];
    if (typeof body !== 'object' || body === null || typeof sealed !== 'string') {
      throw new ProtocolError(Codes.validation, 'An encrypted value is required', [
        { path: encryptedBody ? 'data' : secretField!, message: 'Expected an encrypted value' },
      ]);
    }
    const salt = request.headers.salt;
    if (!isValidSalt(salt)) {
      throw new ProtocolError(Codes.validation, 'A salt header of 16 letters is required', [
        { path: 'salt', message: 'Invalid salt' },
      ]);
    }
    const z = await request.sharedSecret();
    await consumeSalt(ctx, uidOf(request)!, salt);
    if (encryptedBody) {
      request.body = await openJson(z, salt, 'c2s', sealed, nodeCryptoPrimitives);
    } else {
      request.body = { ...body, [secretField!]: await open(z, salt, 'c2s', sealed, nodeCryptoPrimitives) };
    }
  };
  // A hook of the routes that take a sealed body only, ahead of their own: as a global hook it
  // ran (and returned) on every request, the event poll's included.
  app.addHook('onRoute', (route) => {
    if (!route.config?.encryptedBody && !route.config?.secretField) return;
    route.preValidation = [openBody, ...[route.preValidation ?? []].flat()];
  });

  app.decorateRequest('sealed', async function (this: FastifyRequest, payload: unknown) {
    const salt = generateSalt();
    const z = await this.sharedSecret();
    return { code: 0 as const, salt, data: await sealJson(z, salt, 's2c', payload, nodeCryptoPrimitives) };
  });

  app.decorateRequest('sealedStream', async function (this: FastifyRequest, json: AsyncIterable<string>) {
    const salt = generateSalt();
    // Before the first byte: an unknown uid is still a 10014 answer, not a broken body.
    const z = await this.sharedSecret();
    return Readable.from(sealedEnvelopePieces(z, salt, json), { objectMode: false });
  });
});
