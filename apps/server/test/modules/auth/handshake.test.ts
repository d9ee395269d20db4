import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPair, deriveSharedSecret, bytesToHex } from '@portal/protocol';
import ecdh from '@portal/protocol/testing/fixtures/wycheproof/ecdh_secp256r1_ecpoint_test.json' with { type: 'json' };
import vectors from '@portal/protocol/testing/fixtures/protocol-vectors.json' with { type: 'json' };
import { startTestPortal, type TestPortal } from '../../../testing/test-portal.ts';

let t: TestPortal;
beforeAll(async () => {
  t = await startTestPortal();
});
afterAll(() => t.close());

async function handshake(key: string) {
  const c = t.client();
  return c.send({ method: 'POST', path: '/token/handshake_any/', body: { key } });
}

describe('handshake', () => {
  it('answers a P-256 key and a uid, and both sides derive the same secret', async () => {
    const client = t.client();
    await client.handshake();
    expect(client.uid).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(client.sharedSecret).toHaveLength(32);
  });

  it('gives every handshake its own uid and server key', async () => {
    const mine = await generateKeyPair();
    const [a, b] = await Promise.all([handshake(mine.publicKeyHex), handshake(mine.publicKeyHex)]);
    const da = a.data as { key: string; uid: string };
    const db = b.data as { key: string; uid: string };
    expect(da.uid).not.toBe(db.uid);
    expect(da.key).not.toBe(db.key);
    const z = await deriveSharedSecret(mine.privateKey, da.key);
    expect(bytesToHex(z)).toHaveLength(64);
  });

  it.each(vectors.invalid_hex)('refuses the key %j with Invalid hex string', async (key) => {
    const answer = await handshake(key);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 10400, message: 'Invalid hex string' });
  });

  const tests = ecdh.testGroups.flatMap((g) => g.tests);
  const invalid = tests.filter((c) => c.result === 'invalid');

  it(`refuses every invalid Wycheproof public key with 10400 (${invalid.length} cases)`, async () => {
    expect(invalid.length).toBeGreaterThanOrEqual(20);
    for (const c of invalid) {
      const answer = await handshake(c.public);
      expect(answer.status, `tcId ${c.tcId}`).toBe(400);
      expect((answer.body as { code: number }).code, `tcId ${c.tcId}`).toBe(10400);
    }
  });

  it('accepts the valid Wycheproof public keys in the uncompressed form the protocol uses', async () => {
    const valid = tests.filter(
      (c) => c.result === 'valid' && c.public.startsWith('04') && c.public.length === 130,
    );
    expect(valid.length).toBeGreaterThan(0);
    for (const c of valid) {
      const answer = await handshake(c.public);
      expect(answer.status, `tcId ${c.tcId}`).toBe(200);
    }
  });

  it('refuses a body without a key, and a body that is not JSON, with 10400', async () => {
    const missing = await t.client().send({ method: 'POST', path: '/token/handshake_any/', body: {} });
    expect(missing.status).toBe(400);
    expect((missing.body as { code: number }).code).toBe(10400);
    const garbage = await fetch(`${t.baseUrl}/backend/api/v1/token/handshake_any/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"key":',
    });
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toMatchObject({ code: 10400 });
  });
});
