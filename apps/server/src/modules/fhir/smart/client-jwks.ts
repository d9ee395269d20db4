import { Codes, ProtocolError } from '@portal/protocol';
import { importJWK, type JWK } from 'jose';

/** A registered client's public keys, as stored in `fhir_clients.jwks`. */
export interface ClientJwks {
  keys: (JWK & { kid: string })[];
}

/** What a client may sign its assertions with (SMART Backend Services: RS384 and ES384). */
const ALG_OF_KTY: Record<string, 'RS384' | 'ES384'> = { RSA: 'RS384', EC: 'ES384' };
/** Members that only a private (or symmetric) key has: a key set holding one leaks a secret. */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];
const MIN_RSA_BITS = 2048;
const MAX_KEYS = 10;

function refuse(message: string): never {
  throw new ProtocolError(Codes.validation, message, [{ path: 'jwks', message }]);
}

function modulusBits(n: unknown): number {
  if (typeof n !== 'string') return 0;
  const bytes = Buffer.from(n, 'base64url');
  const leading = bytes.findIndex((byte) => byte !== 0);
  if (leading < 0) return 0;
  return (bytes.length - leading) * 8 - Math.clz32(bytes[leading]!) + 24;
}

/** Why `key` may not sign assertions, or null when it may. */
function keyProblem(key: Record<string, unknown>): string | null {
  const alg = ALG_OF_KTY[String(key.kty)];
  if (!alg) return 'kty must be RSA or EC';
  const secret = PRIVATE_MEMBERS.find((member) => member in key);
  if (secret) return `it holds the private member "${secret}": register the public key only`;
  if (key.alg !== undefined && key.alg !== alg) return `alg must be ${alg}`;
  if (key.use !== undefined && key.use !== 'sig') return 'use must be sig';
  if (key.kty === 'RSA' && modulusBits(key.n) < MIN_RSA_BITS)
    return `an RSA key needs ${MIN_RSA_BITS} bits or more`;
  if (key.kty === 'EC' && key.crv !== 'P-384') return 'an EC key must be on the P-384 curve (ES384)';
  return null;
}

/**
 * The JSON text of a JWK Set, checked as a key set a client may sign with: public RSA (2048+
 * bits) or P-384 keys, each with its own `kid`, each one jose can import. 10400 on `jwks` otherwise.
 */
export async function parseClientJwks(text: string): Promise<ClientJwks> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    refuse('The key set is not JSON');
  }
  const keys = (parsed as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys) || keys.length === 0)
    refuse('The key set needs a "keys" list with at least one key');
  if (keys.length > MAX_KEYS) refuse(`The key set may hold at most ${MAX_KEYS} keys`);
  const kids = new Set<string>();
  for (const [index, key] of keys.entries()) {
    if (typeof key !== 'object' || key === null || Array.isArray(key))
      refuse(`Key ${index + 1} is not a JWK`);
    const jwk = key as Record<string, unknown>;
    const kid = jwk.kid;
    if (typeof kid !== 'string' || kid.length === 0) refuse(`Key ${index + 1} has no kid`);
    if (kids.has(kid)) refuse(`Two keys share the kid "${kid}"`);
    kids.add(kid);
    const problem = keyProblem(jwk);
    if (problem) refuse(`Key "${kid}": ${problem}`);
    try {
      await importJWK(jwk as JWK, ALG_OF_KTY[String(jwk.kty)]);
    } catch {
      refuse(`Key "${kid}" is not a valid ${String(jwk.kty)} key`);
    }
  }
  return { keys: keys as ClientJwks['keys'] };
}
