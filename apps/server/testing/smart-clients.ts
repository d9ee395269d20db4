import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { registerFhirClient } from '../src/modules/fhir/index.ts';
import type { TestPortal } from './test-portal.ts';

export type AssertionAlg = 'RS384' | 'ES384';

export interface ClientKey {
  alg: AssertionAlg;
  kid: string;
  privateKey: CryptoKey;
  publicJwk: Record<string, unknown>;
}

export async function clientKey(alg: AssertionAlg): Promise<ClientKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const kid = randomUUID();
  return { alg, kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' } };
}

/** A client registered as the command line registers one, with `keys` as its JWK Set. */
export async function registeredClient(t: TestPortal, scopes: string[], keys: ClientKey[]) {
  const client = await registerFhirClient(t.portal.ctx, 'cli', {
    name: 'Test EHR',
    jwks: JSON.stringify({ keys: keys.map((key) => key.publicJwk) }),
    scopes,
  });
  return client.id;
}

export const tokenUrl = (t: TestPortal) => `${t.portal.ctx.config.publicUrl}/fhir/R4/auth/token`;

/** A client assertion as a SMART backend service signs one, five minutes by default; `claims` override. */
export async function signAssertion(
  t: TestPortal,
  clientId: string,
  key: ClientKey,
  claims: JWTPayload = {},
  header: { alg?: string; kid?: string } = {},
) {
  const now = Math.floor(t.clock.now().getTime() / 1000);
  return new SignJWT({
    iss: clientId,
    sub: clientId,
    aud: tokenUrl(t),
    jti: randomUUID(),
    iat: now,
    exp: now + 300,
    ...claims,
  })
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT', ...header })
    .sign(key.privateKey);
}

/** POSTs the token request form to the portal's token endpoint. */
export async function askToken(
  t: TestPortal,
  assertion: string,
  scope: string | undefined = 'system/*.rs',
  extra: Record<string, string> = {},
) {
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    client_assertion: assertion,
    ...(scope === undefined ? {} : { scope }),
    ...extra,
  });
  const res = await fetch(`${t.baseUrl}/fhir/R4/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}
