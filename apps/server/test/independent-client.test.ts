/**
 * Proves shared/design/protocol.md is complete: a client written from that page
 * alone (./testing/independent-client.ts, which imports only node:crypto) checks
 * the §9 known answers and then signs in to the real server as the demo patient.
 * The server is started in-process by startTestPortal (PGlite, or PostgreSQL when
 * DATABASE_URL is set); nothing else of the server or of packages/protocol is used.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  DECRYPTION_FAILED,
  IndependentClient,
  LABEL_C2S,
  LABEL_S2C,
  ProtocolError,
  deriveKeys,
  hexToBytes,
  isObject,
  keyPairFromPrivate,
  newKeyPair,
  newSalt,
  open,
  runFlow,
  seal,
  sharedSecret,
} from '../testing/independent-client.ts';
import { DEMO_PATIENT, startTestPortal, type TestPortal } from '../testing/test-portal.ts';

// §9: the known-answer file. Read from the repository's copy (a clone has no
// ../shared); it is data, not implementation, so reading it keeps the client independent.
interface VectorMessage {
  direction: 'c2s' | 's2c';
  label: string;
  salt: string;
  plaintext: string;
  encoded: string;
}
interface Vectors {
  client_private: string;
  client_public: string;
  server_private: string;
  server_public: string;
  shared_z: string;
  messages: VectorMessage[];
  invalid_hex: string[];
}

function loadVectors(): Vectors {
  const url = new URL('../../../packages/protocol/testing/fixtures/protocol-vectors.json', import.meta.url);
  const parsed: unknown = JSON.parse(readFileSync(url, 'utf8'));
  if (!isObject(parsed) || !Array.isArray(parsed.messages) || !Array.isArray(parsed.invalid_hex)) {
    throw new Error('protocol-vectors.json has an unexpected shape');
  }
  return parsed as unknown as Vectors;
}

const vectors = loadVectors();

describe('independent client: §9 known answers', () => {
  test('key pairs and the shared Z (§2: the x-coordinate of the ECDH point)', () => {
    const client = keyPairFromPrivate(vectors.client_private);
    const server = keyPairFromPrivate(vectors.server_private);
    expect(client.publicHex).toBe(vectors.client_public);
    expect(server.publicHex).toBe(vectors.server_public);
    expect(sharedSecret(client.ecdh, vectors.server_public).toString('hex')).toBe(vectors.shared_z);
    expect(sharedSecret(server.ecdh, vectors.client_public).toString('hex')).toBe(vectors.shared_z);
  });

  test('every message seals to its encoded value and opens again (§3)', () => {
    const z = hexToBytes(vectors.shared_z);
    expect(vectors.messages.length).toBeGreaterThan(0);
    for (const m of vectors.messages) {
      // §3: the label follows the direction.
      expect(m.label).toBe(m.direction === 'c2s' ? LABEL_C2S : LABEL_S2C);
      expect(seal(z, m.salt, m.label, m.plaintext)).toBe(m.encoded);
      expect(open(z, m.salt, m.label, m.encoded)).toBe(m.plaintext);
    }
  });

  test('a flipped bit, the other label or another salt is refused before decryption (§3)', () => {
    const z = hexToBytes(vectors.shared_z);
    for (const m of vectors.messages) {
      const raw = Buffer.from(m.encoded, 'base64');
      for (const index of [0, raw.length - 33, raw.length - 1]) {
        const flipped = Buffer.from(raw);
        flipped[index]! ^= 0x01;
        expect(() => open(z, m.salt, m.label, flipped.toString('base64'))).toThrow(DECRYPTION_FAILED);
      }
      const other = m.label === LABEL_C2S ? LABEL_S2C : LABEL_C2S;
      expect(() => open(z, m.salt, other, m.encoded)).toThrow(DECRYPTION_FAILED);
      expect(() => open(z, 'ZZZZZZZZZZZZZZZZ', m.label, m.encoded)).toThrow(DECRYPTION_FAILED);
      expect(() => open(z, m.salt, m.label, m.encoded.slice(0, -4))).toThrow(DECRYPTION_FAILED);
      expect(() => open(z, m.salt, m.label, `${m.encoded}!`)).toThrow(DECRYPTION_FAILED);
    }
  });

  test('K_enc and K_mac are the two halves of one 64-byte HKDF output (§3)', () => {
    const z = hexToBytes(vectors.shared_z);
    const { kEnc, kMac } = deriveKeys(z, 'AbCdEfGhIjKlMnOp', LABEL_C2S);
    expect(kEnc).toHaveLength(32);
    expect(kMac).toHaveLength(32);
    expect(kEnc.equals(kMac)).toBe(false);
    expect(deriveKeys(z, 'AbCdEfGhIjKlMnOp', LABEL_S2C).kEnc.equals(kEnc)).toBe(false);
  });

  test("invalid hex gives 'Invalid hex string'; bad points give 'Invalid public key' (§2)", () => {
    for (const bad of vectors.invalid_hex) expect(() => hexToBytes(bad)).toThrow('Invalid hex string');
    const { ecdh, publicHex } = newKeyPair();
    expect(() => sharedSecret(ecdh, publicHex.slice(0, 66))).toThrow('Invalid public key'); // too short
    expect(() => sharedSecret(ecdh, `03${publicHex.slice(2, 66)}`)).toThrow('Invalid public key'); // compressed
    const offCurve = `${publicHex.slice(0, 128)}${publicHex.endsWith('00') ? '01' : '00'}`;
    expect(() => sharedSecret(ecdh, offCurve)).toThrow('Invalid public key');
    expect(() => sharedSecret(ecdh, publicHex.toUpperCase())).not.toThrow(); // §2: either case
  });

  test('salts are 16 letters A–Z a–z and fresh (§3)', () => {
    const salts = new Set(Array.from({ length: 500 }, newSalt));
    expect(salts.size).toBe(500);
    const letters = new Set<string>();
    for (const salt of salts) {
      expect(salt).toMatch(/^[A-Za-z]{16}$/);
      for (const ch of salt) letters.add(ch);
    }
    expect(letters.size).toBe(52); // 8000 draws cover the whole alphabet
  });
});

describe('independent client against the real server', () => {
  let server: TestPortal;
  // Start-up (migrations, demo accounts with memory-hard password hashes) can be slow on a busy machine.
  beforeAll(async () => {
    server = await startTestPortal();
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  test('handshake answers { code: 0, data: { key, uid } } with a valid P-256 key (§2)', async () => {
    const client = new IndependentClient(server.baseUrl);
    const { ecdh, publicHex } = newKeyPair();
    const raw = await client.request('POST', '/token/handshake_any/', { body: { key: publicHex } });
    expect(raw.status === 200 || raw.status === 201).toBe(true); // §6: 0 is 200/201
    expect(Object.keys(raw.body).sort()).toEqual(['code', 'data']);
    expect(raw.body.code).toBe(0);
    const data = raw.body.data;
    if (!isObject(data)) throw new Error('data is not an object');
    expect(Object.keys(data).sort()).toEqual(['key', 'uid']);
    expect(data.key).toMatch(/^04[0-9a-fA-F]{128}$/);
    expect(data.uid).toMatch(/^[A-Za-z0-9_.~-]{22,}$/);
    expect(sharedSecret(ecdh, String(data.key))).toHaveLength(32);
  });

  test('the server refuses bad keys with 10400 and the §2 messages', async () => {
    const client = new IndependentClient(server.baseUrl);
    for (const bad of vectors.invalid_hex) {
      const raw = await client.request('POST', '/token/handshake_any/', { body: { key: bad } });
      expect([raw.status, raw.body.code, raw.body.message]).toEqual([400, 10400, 'Invalid hex string']);
    }
    const { publicHex } = newKeyPair();
    const compressed = `03${publicHex.slice(2, 66)}`;
    const raw = await client.request('POST', '/token/handshake_any/', { body: { key: compressed } });
    expect([raw.status, raw.body.code, raw.body.message]).toEqual([400, 10400, 'Invalid public key']);
  });

  test('handshake → login → event poll → refresh → poll → logout → poll refused', async () => {
    const steps: string[] = [];
    const result = await runFlow(server.baseUrl, DEMO_PATIENT, (line) => steps.push(line));

    // §5: the token response, opened from an envelope whose tag was checked first.
    const now = Math.floor(Date.now() / 1000);
    expect(result.login).toMatchObject({
      mfa: false,
      username: DEMO_PATIENT.email,
      roles: ['user'],
      insurance_type: null,
    });
    expect(result.login.auths).not.toContain('admin');
    expect(typeof result.login.first_name).toBe('string');
    expect(result.login.expires).toBeGreaterThan(now);
    expect(result.login.expires).toBeLessThanOrEqual(now + 15 * 60 + 60); // seconds, ≤ 15 min
    // §5: the JWT names the uid it was issued for (claim name not given by the document).
    expect(Object.values(result.accessClaims)).toContain(result.uid);

    // §7: the event poll answers { name: null } when nothing is pending.
    expect(result.firstPoll.body).toEqual({ code: 0, data: { name: null } });
    expect(result.pollAfterRefresh.body).toEqual({ code: 0, data: { name: null } });

    // §5: refresh rotates both tokens.
    expect(result.refreshed.refresh).not.toBe(result.login.refresh);
    expect(result.refreshed.access).not.toBe(result.login.access);
    expect(result.refreshed.username).toBe(DEMO_PATIENT.email);

    // §7: logout answers {}.
    expect(result.logoutBody).toEqual({ code: 0, data: {} });

    // §5: logout "revokes the session family and the uid", so the poll may fail either
    // on the uid (§2: 10014, HTTP 400) or on the token (§5: 10401, HTTP 401); the
    // document does not say which check comes first. The server answers 10014.
    const after = result.pollAfterLogout;
    expect(after).toBeInstanceOf(ProtocolError);
    expect([
      [400, 10014],
      [401, 10401],
    ]).toContainEqual([after.status, after.code]);

    // §5: an already-rotated refresh token gives 10401 and revokes the whole family.
    expect([result.reuse.oldRefreshRefused.status, result.reuse.oldRefreshRefused.code]).toEqual([
      401, 10401,
    ]);
    expect(result.reuse.newRefreshRefused?.code).toBe(10401);
    expect(result.reuse.pollWithNewAccess).toEqual({ ok: false, code: 10401 });

    expect(steps.length).toBeGreaterThanOrEqual(8);
  });

  test('a reused login salt is refused with 10015 and a forged password with 10016 (§3)', async () => {
    const client = new IndependentClient(server.baseUrl);
    const session = await client.handshake();
    const salt = newSalt();
    const password = seal(session.z, salt, LABEL_C2S, 'not the password');
    const body = { email: DEMO_PATIENT.email, password };
    const first = await client.request('POST', '/token/', { headers: { uid: session.uid, salt }, body });
    expect([first.status, first.body.code]).toEqual([401, 10013]); // §5: wrong password
    const again = await client.request('POST', '/token/', { headers: { uid: session.uid, salt }, body });
    expect([again.status, again.body.code]).toEqual([400, 10015]);

    const salt2 = newSalt();
    const forged = Buffer.from(seal(session.z, salt2, LABEL_C2S, DEMO_PATIENT.password), 'base64');
    forged[0]! ^= 0x01;
    const tampered = await client.request('POST', '/token/', {
      headers: { uid: session.uid, salt: salt2 },
      body: { email: DEMO_PATIENT.email, password: forged.toString('base64') },
    });
    expect(tampered.body).toEqual({ code: 10016, message: 'Decryption failed' });
    expect(tampered.status).toBe(400);
  });
});
