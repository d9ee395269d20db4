import type { FastifyInstance, onRequestHookHandler } from 'fastify';
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
 * sealed read's CPU). The gate is a hook of each route it guards, first among the route's own
 * hooks so it still runs right after the auth plugin's: a global hook ran (and returned) on
 * every request, the event poll's included.
 */
export const mfaSetupGatePlugin = fp(async (app: FastifyInstance) => {
  const gate: onRequestHookHandler = (request, _reply, done) => {
    if (request.user?.mfaSetupOnly) done(new ProtocolError(Codes.forbidden, MFA_SETUP_FIRST));
    else done();
  };
  app.addHook('onRoute', (route) => {
    if (route.config?.duringMfaSetup || ALWAYS_REACHABLE.has(route.url)) return;
    route.onRequest = [gate, ...[route.onRequest ?? []].flat()];
  });
});
