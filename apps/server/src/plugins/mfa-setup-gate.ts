import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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
 * sessions, logout, the event poll); everything else answers 10403. Runs after the auth plugin,
 * which read the flag from the token it verified (decoding the token again here was 2–3 % of a
 * sealed read's CPU).
 */
export const mfaSetupGatePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    const { config, url } = request.routeOptions;
    if (!request.user || config.duringMfaSetup || ALWAYS_REACHABLE.has(url ?? '')) return;
    if (request.user.mfaSetupOnly) throw new ProtocolError(Codes.forbidden, MFA_SETUP_FIRST);
  });
});
