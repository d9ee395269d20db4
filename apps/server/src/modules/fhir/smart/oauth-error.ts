import type { FhirTokenError } from '@portal/protocol';

/** A refusal of the token endpoint, answered as RFC 6749 §5.2 says: `{ error, error_description }`. */
export class OAuthError extends Error {
  readonly status: 400 | 401;
  constructor(
    readonly error: FhirTokenError,
    readonly description: string,
    /** The registered client the request named, when it named one: the audit row's actor. */
    readonly clientId: string | null = null,
  ) {
    super(description);
    this.status = error === 'invalid_client' ? 401 : 400;
  }
}
