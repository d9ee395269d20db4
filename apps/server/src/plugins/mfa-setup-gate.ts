import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { decodeJwt } from 'jose';
import { Codes, MFA_SETUP_FIRST, ProtocolError } from '@portal/protocol';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable with a token that only allows setting up MFA (protocol.md §10). */
    duringMfaSetup?: boolean;
  }
}

/** Routes of other modules that a setup-only session still needs: sign out, and the event poll. */
const ALWAYS_REACHABLE = new Set(['/backend/api/v1/token/logout/', '/backend/api/v1/patient/event/']);

/**
 * protocol.md §10: while the clinic requires MFA of an administrator who has none, their access
 * token carries `mfa_setup` and reaches only the routes marked `duringMfaSetup` (enrolment,
 * sessions, logout, the event poll); everything else answers 10403. Runs after the auth plugin
 * has verified the token, so reading its payload here is safe.
 */
export const mfaSetupGatePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    const { config, url } = request.routeOptions;
    if (!request.user || config.duringMfaSetup || ALWAYS_REACHABLE.has(url ?? '')) return;
    const token = request.headers.authorization?.slice(7).trim() ?? '';
    if (decodeJwt(token).mfa_setup === true) throw new ProtocolError(Codes.forbidden, MFA_SETUP_FIRST);
  });
});
