import { z } from 'zod';
import { isoTime } from './admin-api.ts';

// The admin API's SMART Backend Services clients (decision 0037): systems the clinic lets read
// through the FHIR API, each proving who it is with a key whose public half it registers here.

/** What the portal grants: read and search (`rs`) of every type (`*`) or of one. */
export const FHIR_CLIENT_SCOPE = /^system\/(\*|[A-Z][A-Za-z]+)\.(rs|r|s)$/;
export const FHIR_CLIENT_JWKS_MAX_LENGTH = 64 * 1024;

export const fhirClientRegistration = z.object({
  name: z.string().trim().min(1).max(120),
  /** The JSON text of a JWK Set of public keys (RS384 with 2048+ bits, or ES384), each with a `kid`. */
  jwks: z.string().trim().min(1).max(FHIR_CLIENT_JWKS_MAX_LENGTH),
  scopes: z
    .array(z.string().regex(FHIR_CLIENT_SCOPE, 'A system scope of read and search, e.g. system/Patient.rs'))
    .min(1, 'Choose at least one scope')
    .max(32),
});
export type FhirClientRegistration = z.infer<typeof fhirClientRegistration>;

export const fhirClientIdRequest = z.object({ id: z.uuid() });

export const fhirClientView = z.object({
  id: z.uuid(),
  name: z.string(),
  scopes: z.array(z.string()),
  key_ids: z.array(z.string()),
  created_at: isoTime,
  revoked_at: isoTime.nullable(),
});
export type FhirClientView = z.infer<typeof fhirClientView>;

/** Every client, newest first, and what a registration may ask for. */
export const fhirClientList = z.object({
  clients: z.array(fhirClientView),
  scopes_supported: z.array(z.string()),
});
export type FhirClientList = z.infer<typeof fhirClientList>;

/** The token endpoint's refusals (RFC 6749 §5.2); `invalid_client` answers 401, the others 400. */
export const FHIR_TOKEN_ERRORS = [
  'invalid_request',
  'invalid_client',
  'unsupported_grant_type',
  'invalid_scope',
] as const;
export type FhirTokenError = (typeof FHIR_TOKEN_ERRORS)[number];
