import { generateKeyPairSync } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes, type FhirClientList, type FhirClientView } from '@portal/protocol';
import type { PortalClient } from '@portal/protocol/testing';
import { auditLog } from '../../../../src/db/schema/index.ts';
import { accessOfToken } from '../../../../src/modules/fhir/smart/access-tokens.ts';
import { codeOf, messageOf, pathsOf, sealedPost } from '../../../../testing/answers.ts';
import { askToken, clientKey, signAssertion, type ClientKey } from '../../../../testing/smart-clients.ts';
import { DEMO_FRONT_DESK, portalWithAdmin, type TestPortal } from '../../../../testing/test-portal.ts';

let t: TestPortal;
let admin: PortalClient;
let ec: ClientKey;

beforeAll(async () => {
  ({ t, admin } = await portalWithAdmin());
  ec = await clientKey('ES384');
});
afterAll(() => t.close());

const register = (body: { name: string; jwks: unknown; scopes: string[] }) =>
  sealedPost(admin, '/admin/fhir-clients/', {
    ...body,
    jwks: typeof body.jwks === 'string' ? body.jwks : JSON.stringify(body.jwks),
  });

async function keyOf(alg: 'RS384' | 'ES256') {
  const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true });
  return { public: await exportJWK(publicKey), private: await exportJWK(privateKey) };
}

/** jose makes no RSA key under 2048 bits; node:crypto still does. */
const weakRsaKey = () =>
  generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ format: 'jwk' });

describe('the API clients admin API', () => {
  it('registers a client, lists it with the scopes one may ask for, audits it, and its key signs for a token', async () => {
    const answer = await register({
      name: 'Lab system',
      jwks: { keys: [ec.publicJwk] },
      scopes: ['system/Patient.rs', 'system/Patient.rs'],
    });
    expect(answer.status).toBe(200);
    const client = answer.data as FhirClientView;
    expect(client).toMatchObject({
      name: 'Lab system',
      scopes: ['system/Patient.rs'],
      key_ids: [ec.kid],
      revoked_at: null,
    });

    const listed = (await admin.send({ method: 'GET', path: '/admin/fhir-clients/' })).data as FhirClientList;
    expect(listed.clients[0]).toEqual(client);
    expect(listed.scopes_supported).toContain('system/DeviceRequest.rs');

    const [row] = await t.portal.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'fhir.client.register'), eq(auditLog.target, `fhir_clients:${client.id}`)),
      );
    expect(row).toMatchObject({ outcome: 'success', detail: { granted: ['system/Patient.rs'], count: 1 } });
    expect(row!.actorId).toBeTruthy();

    const token = await askToken(t, await signAssertion(t, client.id, ec), 'system/Patient.rs');
    expect(token.status).toBe(200);
  });

  it('revokes a client: its token stops at once, revoking again changes nothing, an unknown id is 10404', async () => {
    const client = (
      await register({ name: 'Old EHR', jwks: { keys: [ec.publicJwk] }, scopes: ['system/*.rs'] })
    ).data as FhirClientView;
    const token = String((await askToken(t, await signAssertion(t, client.id, ec))).body.access_token);
    const revoked = await sealedPost(admin, '/admin/fhir-clients/revoke/', { id: client.id });
    expect((revoked.data as FhirClientView).revoked_at).toEqual(expect.any(String));
    expect(await accessOfToken(t.portal.ctx, token)).toBeNull();
    const again = await sealedPost(admin, '/admin/fhir-clients/revoke/', { id: client.id });
    expect(again.data).toEqual(revoked.data);
    const rows = await t.portal.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'fhir.client.revoke'), eq(auditLog.target, `fhir_clients:${client.id}`)),
      );
    expect(rows).toHaveLength(1);
    const unknown = await sealedPost(admin, '/admin/fhir-clients/revoke/', {
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect(codeOf(unknown)).toBe(Codes.itemsNotFound);
  });

  it.each([
    [
      'a private key',
      async () => ({ keys: [{ ...(await keyOf('RS384')).private, kid: 'a' }] }),
      /private member "d"/,
    ],
    ['an RSA key under 2048 bits', async () => ({ keys: [{ ...weakRsaKey(), kid: 'a' }] }), /2048 bits/],
    ['a P-256 key', async () => ({ keys: [{ ...(await keyOf('ES256')).public, kid: 'a' }] }), /P-384/],
    ['a key without kid', async () => ({ keys: [(await keyOf('RS384')).public] }), /no kid/],
    ['two keys with one kid', async () => ({ keys: [ec.publicJwk, ec.publicJwk] }), /share the kid/],
    [
      'a symmetric key',
      async () => ({ keys: [{ kty: 'oct', k: 'c2VjcmV0', kid: 'a' }] }),
      /kty must be RSA or EC/,
    ],
    [
      'a key that does not parse',
      async () => ({ keys: [{ kty: 'EC', crv: 'P-384', x: 'AA', y: 'AA', kid: 'a' }] }),
      /not a valid EC key/,
    ],
    ['an empty set', async () => ({ keys: [] }), /at least one key/],
    ['text that is not JSON', async () => 'not json', /not JSON/],
  ])('refuses %s with 10400 on jwks', async (_name, jwks, message) => {
    const answer = await register({ name: 'Bad keys', jwks: await jwks(), scopes: ['system/*.rs'] });
    expect(codeOf(answer)).toBe(Codes.validation);
    expect(pathsOf(answer)).toEqual(['jwks']);
    expect(messageOf(answer)).toMatch(message);
  });

  it.each(['system/Patient.cruds', 'system/Widget.rs', 'patient/Patient.rs', 'system/*.read'])(
    'refuses the scope %s with 10400',
    async (scope) => {
      const answer = await register({ name: 'Bad scope', jwks: { keys: [ec.publicJwk] }, scopes: [scope] });
      expect(codeOf(answer)).toBe(Codes.validation);
    },
  );

  it('is refused to staff without manage_settings', async () => {
    const desk = await t.signedIn(DEMO_FRONT_DESK.email, DEMO_FRONT_DESK.password);
    expect(codeOf(await desk.send({ method: 'GET', path: '/admin/fhir-clients/' }))).toBe(Codes.forbidden);
  });
});
