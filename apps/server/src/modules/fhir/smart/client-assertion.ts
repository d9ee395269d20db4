import { createLocalJWKSet, decodeJwt, errors, jwtVerify, type JWTPayload } from 'jose';
import type { AppContext } from '../../../context.ts';
import { fhirAssertions } from '../../../db/schema/index.ts';
import { loadClient } from './fhir-client-queries.ts';
import { OAuthError } from './oauth-error.ts';

/** SMART Backend Services: an assertion lives at most five minutes. */
const ASSERTION_MAX_SECONDS = 300;
export const ASSERTION_ALGORITHMS = ['RS384', 'ES384'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Client = NonNullable<Awaited<ReturnType<typeof loadClient>>>;

/** What went wrong, in words that name no key material and no claim's value. */
function verifyFailure(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'The assertion has expired';
  if (error instanceof errors.JWTClaimValidationFailed)
    return `The assertion's ${error.claim} claim is not accepted`;
  if (error instanceof errors.JOSEAlgNotAllowed) return 'The assertion must be signed with RS384 or ES384';
  if (error instanceof errors.JWKSNoMatchingKey)
    return "No registered key matches the assertion's kid and alg";
  if (error instanceof errors.JWSSignatureVerificationFailed)
    return "The assertion's signature does not verify";
  return 'The assertion could not be verified';
}

/**
 * The client a `private_key_jwt` assertion proves, its `jti` recorded so it is never accepted
 * twice. Every refusal is `invalid_client`, as SMART Backend Services asks of an authentication
 * error, naming the client when the assertion named a registered one.
 */
export async function verifyClientAssertion(
  ctx: AppContext,
  assertion: string,
  tokenEndpoint: string,
): Promise<Client> {
  let claimed: JWTPayload;
  try {
    claimed = decodeJwt(assertion);
  } catch {
    throw new OAuthError('invalid_client', 'The client assertion is not a JWT');
  }
  const clientId = claimed.iss;
  const client =
    typeof clientId === 'string' && UUID.test(clientId) ? await loadClient(ctx.db, clientId) : null;
  if (!client) throw new OAuthError('invalid_client', 'The assertion names no registered client');
  const refuse = (description: string) => new OAuthError('invalid_client', description, client.id);
  if (client.revokedAt) throw refuse('The client has been revoked');

  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(assertion, createLocalJWKSet(client.jwks), {
      algorithms: ASSERTION_ALGORITHMS,
      issuer: client.id,
      subject: client.id,
      audience: tokenEndpoint,
      currentDate: ctx.now(),
      requiredClaims: ['exp', 'jti'],
    }));
  } catch (error) {
    throw refuse(verifyFailure(error));
  }
  const now = Math.floor(ctx.now().getTime() / 1000);
  const exp = payload.exp!;
  if (
    exp - now > ASSERTION_MAX_SECONDS ||
    (payload.iat !== undefined && exp - payload.iat > ASSERTION_MAX_SECONDS)
  ) {
    throw refuse(`The assertion may live at most ${ASSERTION_MAX_SECONDS} seconds`);
  }
  const recorded = await ctx.db
    .insert(fhirAssertions)
    .values({ clientId: client.id, jti: String(payload.jti), expiresAt: new Date(exp * 1000) })
    .onConflictDoNothing()
    .returning({ jti: fhirAssertions.jti });
  if (recorded.length === 0) throw refuse("The assertion's jti has been used before");
  return client;
}
