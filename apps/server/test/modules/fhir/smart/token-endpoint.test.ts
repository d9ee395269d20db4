import { and, eq } from 'drizzle-orm';
import { MedplumClient } from '@medplum/core';
import { base64url, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../../src/db/schema/index.ts';
import { revokeFhirClient } from '../../../../src/modules/fhir/index.ts';
import { accessOfToken } from '../../../../src/modules/fhir/smart/access-tokens.ts';
import {
  askToken,
  clientKey,
  registeredClient,
  signAssertion,
  tokenUrl,
  type ClientKey,
} from '../../../../testing/smart-clients.ts';
import { startTestPortal, type TestPortal } from '../../../../testing/test-portal.ts';

let t: TestPortal;
let rsa: ClientKey;
let ec: ClientKey;
let clientId: string;

beforeAll(async () => {
  t = await startTestPortal();
  [rsa, ec] = await Promise.all([clientKey('RS384'), clientKey('ES384')]);
  clientId = await registeredClient(t, ['system/*.rs'], [rsa, ec]);
});
afterAll(() => t.close());

describe('SMART discovery', () => {
  it('answers the token endpoint, private_key_jwt with RS384 and ES384, and a scope per served type', async () => {
    const res = await fetch(`${t.baseUrl}/fhir/R4/.well-known/smart-configuration`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = (await res.json()) as Record<string, string[]>;
    expect(body).toMatchObject({
      token_endpoint: tokenUrl(t),
      grant_types_supported: ['client_credentials'],
      token_endpoint_auth_methods_supported: ['private_key_jwt'],
      token_endpoint_auth_signing_alg_values_supported: ['RS384', 'ES384'],
      capabilities: ['client-confidential-asymmetric', 'permission-v2'],
    });
    expect(body.scopes_supported).toEqual(
      expect.arrayContaining(['system/*.rs', 'system/Patient.rs', 'system/SupplyDelivery.rs']),
    );
  });
});

describe('the token endpoint', () => {
  it.each(['RS384', 'ES384'] as const)(
    'grants a five-minute token to an assertion signed with %s',
    async (alg) => {
      const key = alg === 'RS384' ? rsa : ec;
      const answer = await askToken(t, await signAssertion(t, clientId, key), 'system/Patient.rs');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.body).toMatchObject({
        token_type: 'bearer',
        expires_in: 300,
        scope: 'system/Patient.rs',
      });
      const access = await accessOfToken(t.portal.ctx, String(answer.body.access_token));
      expect(access).toMatchObject({ clientId, scopes: ['system/Patient.rs'] });
      t.clock.advance(301_000);
      expect(await accessOfToken(t.portal.ctx, String(answer.body.access_token))).toBeNull();
    },
  );

  it('audits a grant with the client as actor and no assertion content', async () => {
    const assertion = await signAssertion(t, clientId, ec);
    expect((await askToken(t, assertion)).status).toBe(200);
    const rows = await t.portal.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'fhir.token'),
          eq(auditLog.actorId, clientId),
          eq(auditLog.outcome, 'success'),
        ),
      );
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(assertion.split('.')[2]!);
  });

  it('a third-party client, Medplum startJwtAssertionLogin, gets a token with tokenUrl set and searches patients with it', async () => {
    const medplum = new MedplumClient({
      baseUrl: t.baseUrl,
      tokenUrl: `${t.baseUrl}/fhir/R4/auth/token`,
      fetch,
    });
    await medplum.startJwtAssertionLogin(await signAssertion(t, clientId, rsa));
    const access = await accessOfToken(t.portal.ctx, medplum.getAccessToken()!);
    expect(access).toMatchObject({ clientId, scopes: ['system/*.rs'] });
    const patients = await medplum.search('Patient');
    expect(patients).toMatchObject({ resourceType: 'Bundle', type: 'searchset' });
    expect(patients.entry?.length).toBeGreaterThan(0);
  });
});

describe('attacks on the token endpoint', () => {
  const refused = async (assertion: string, error = 'invalid_client', status = 401, scope?: string) => {
    const answer = await askToken(t, assertion, scope);
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ error, error_description: expect.any(String) });
    expect(answer.body.access_token).toBeUndefined();
    return answer;
  };

  it('refuses an expired assertion', async () => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    await refused(await signAssertion(t, clientId, ec, { iat: now - 400, exp: now - 100 }));
  });

  it('refuses an assertion whose exp is ten minutes ahead', async () => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    await refused(await signAssertion(t, clientId, ec, { iat: now, exp: now + 600 }));
  });

  it('refuses a replayed jti', async () => {
    const assertion = await signAssertion(t, clientId, ec);
    expect((await askToken(t, assertion)).status).toBe(200);
    await refused(assertion);
    await refused(
      await signAssertion(t, clientId, rsa, {
        jti: JSON.parse(Buffer.from(assertion.split('.')[1]!, 'base64url').toString()).jti,
      }),
    );
  });

  it('refuses a wrong audience, iss other than sub, and a missing jti', async () => {
    await refused(await signAssertion(t, clientId, ec, { aud: `${t.baseUrl}/elsewhere/token` }));
    await refused(await signAssertion(t, clientId, ec, { sub: '00000000-0000-4000-8000-000000000000' }));
    await refused(await signAssertion(t, clientId, ec, { jti: undefined }));
  });

  it('refuses an unknown kid and a key that is not in the JWKS', async () => {
    await refused(await signAssertion(t, clientId, ec, {}, { kid: 'no-such-kid' }));
    const stranger = await clientKey('ES384');
    await refused(await signAssertion(t, clientId, { ...stranger, kid: ec.kid }));
  });

  it('refuses HS256 and alg none', async () => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const claims = { iss: clientId, sub: clientId, aud: tokenUrl(t), jti: 'x1', exp: now + 60 };
    const hs = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', kid: ec.kid })
      .sign(new Uint8Array(32));
    await refused(hs);
    const none = `${base64url.encode(JSON.stringify({ alg: 'none', kid: ec.kid }))}.${base64url.encode(JSON.stringify(claims))}.`;
    await refused(none);
  });

  it('refuses an unknown client, a malformed assertion, a wrong grant type and a repeated parameter', async () => {
    await refused(await signAssertion(t, '00000000-0000-4000-8000-000000000000', ec));
    await refused('not-a-jwt');
    const assertion = await signAssertion(t, clientId, ec);
    const other = await askToken(t, assertion, 'system/*.rs', { grant_type: 'password' });
    expect(other).toMatchObject({ status: 400, body: { error: 'unsupported_grant_type' } });
    const body = `grant_type=client_credentials&grant_type=client_credentials&client_assertion=${assertion}`;
    const twice = await fetch(`${t.baseUrl}/fhir/R4/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect(twice.status).toBe(400);
    expect(await twice.json()).toMatchObject({ error: 'invalid_request' });
    const json = await fetch(`${t.baseUrl}/fhir/R4/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(415);
    expect(await json.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('grants only the intersection of asked and registered scopes, and never write letters', async () => {
    const patientOnly = await registeredClient(t, ['system/Patient.rs'], [ec]);
    const wide = await askToken(t, await signAssertion(t, patientOnly, ec), 'system/*.rs system/Coverage.rs');
    expect(wide).toMatchObject({ status: 200, body: { scope: 'system/Patient.rs' } });
    const writes = await askToken(t, await signAssertion(t, clientId, ec), 'system/*.cruds');
    expect(writes).toMatchObject({ status: 200, body: { scope: 'system/*.rs' } });
    const narrow = await askToken(t, await signAssertion(t, clientId, ec), 'system/Observation.r');
    expect(narrow).toMatchObject({ status: 200, body: { scope: 'system/Observation.r' } });
    await refused(await signAssertion(t, patientOnly, ec), 'invalid_scope', 400, 'system/Coverage.rs');
  });

  it('a revoked client is refused, and a token issued before the revocation stops at once', async () => {
    const doomed = await registeredClient(t, ['system/*.rs'], [rsa]);
    const granted = await askToken(t, await signAssertion(t, doomed, rsa));
    const token = String(granted.body.access_token);
    expect(await accessOfToken(t.portal.ctx, token)).not.toBeNull();
    await revokeFhirClient(t.portal.ctx, 'cli', doomed);
    expect(await accessOfToken(t.portal.ctx, token)).toBeNull();
    const after = await fetch(`${t.baseUrl}/fhir/R4/Patient`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.status).toBe(401);
    await refused(await signAssertion(t, doomed, rsa));
    const rows = await t.portal.ctx.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'fhir.token'), eq(auditLog.actorId, doomed), eq(auditLog.outcome, 'denied')),
      );
    expect(rows).toEqual([{ detail: { reason: 'invalid_client' } }]);
  });
});
