import { API_PREFIX } from '../api-prefix.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable with a token that only allows setting up MFA (protocol.md §10). */
    duringMfaSetup?: boolean;
  }
}

/** Routes of other modules that a setup-only session still needs: sign out, and the event poll. */
const ALWAYS_REACHABLE = new Set([`${API_PREFIX}/token/logout/`, `${API_PREFIX}/patient/event/`]);

/**
 * protocol.md §10: while the clinic requires MFA of an administrator who has none, their access
 * token carries `mfa_setup` and reaches only the routes marked `duringMfaSetup` (enrolment,
 * sessions, logout, the event poll); everywhere else it answers 10403. Decided once a route,
 * when it is added; the auth plugin applies it after its own checks, from the flag in the token it
 * verified.
 */
export function reachableDuringMfaSetup(url: string, config: { duringMfaSetup?: boolean }): boolean {
  return config.duringMfaSetup === true || ALWAYS_REACHABLE.has(url);
}
