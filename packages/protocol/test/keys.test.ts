import { describe, expect, it } from 'vitest';
import vectors from '../testing/fixtures/protocol-vectors.json';
import { bytesToHex } from '../src/hex.ts';
import { deriveSharedSecret, generateKeyPair, importPrivateScalar, parsePublicKey } from '../src/keys.ts';

const invalidPublicKey = expect.objectContaining({ code: 10400, message: 'Invalid public key' });

describe('keys', () => {
  it('derives the public keys of protocol-vectors.json from their private scalars', async () => {
    expect((await importPrivateScalar(vectors.client_private)).publicKeyHex).toBe(vectors.client_public);
    expect((await importPrivateScalar(vectors.server_private)).publicKeyHex).toBe(vectors.server_public);
  });

  it('derives the vectors’ shared Z from either side', async () => {
    const client = await importPrivateScalar(vectors.client_private);
    const server = await importPrivateScalar(vectors.server_private);
    expect(bytesToHex(await deriveSharedSecret(client.privateKey, vectors.server_public))).toBe(
      vectors.shared_z,
    );
    expect(bytesToHex(await deriveSharedSecret(server.privateKey, vectors.client_public))).toBe(
      vectors.shared_z,
    );
  });

  it('accepts an uppercase public key', async () => {
    const client = await importPrivateScalar(vectors.client_private);
    const z = await deriveSharedSecret(client.privateKey, vectors.server_public.toUpperCase());
    expect(bytesToHex(z)).toBe(vectors.shared_z);
  });

  it('generates an uncompressed P-256 public key as 130 lowercase hex characters', async () => {
    const { publicKeyHex } = await generateKeyPair();
    expect(publicKeyHex).toMatch(/^04[0-9a-f]{128}$/);
    await expect(parsePublicKey(publicKeyHex)).resolves.toBeDefined();
  });

  it('agrees on a 32-byte Z between two generated key pairs', async () => {
    const [alice, bob] = await Promise.all([generateKeyPair(), generateKeyPair()]);
    const zAlice = await deriveSharedSecret(alice.privateKey, bob.publicKeyHex);
    const zBob = await deriveSharedSecret(bob.privateKey, alice.publicKeyHex);
    expect(zAlice).toHaveLength(32);
    expect(bytesToHex(zAlice)).toBe(bytesToHex(zBob));
  });

  it('keeps a generated private key unexportable', async () => {
    const { privateKey } = await generateKeyPair();
    expect(privateKey.extractable).toBe(false);
  });

  it("checks hex before the point: 'Invalid hex string'", async () => {
    await expect(parsePublicKey(`${vectors.server_public}0`)).rejects.toMatchObject({
      code: 10400,
      message: 'Invalid hex string',
    });
    await expect(parsePublicKey(vectors.server_public.replace('04', 'zz'))).rejects.toMatchObject({
      code: 10400,
      message: 'Invalid hex string',
    });
  });

  it.each([
    ['empty', ''],
    ['one byte short', vectors.server_public.slice(0, 128)],
    ['one byte long', `${vectors.server_public}00`],
    ['compressed', `02${vectors.server_public.slice(2, 66)}`],
    ['the point at infinity', '00'],
    ['a wrong prefix', `05${vectors.server_public.slice(2)}`],
    ['off the curve', `${vectors.server_public.slice(0, 128)}31`],
    [
      'x = p',
      `04${'ffffffff00000001000000000000000000000000ffffffffffffffffffffffff'}${vectors.server_public.slice(66)}`,
    ],
  ])("refuses a public key that is %s with 10400 'Invalid public key'", async (_case, hex) => {
    await expect(parsePublicKey(hex)).rejects.toEqual(invalidPublicKey);
  });

  it('refuses to derive Z with a key off the curve', async () => {
    const client = await importPrivateScalar(vectors.client_private);
    const offCurve = `${vectors.server_public.slice(0, 128)}31`;
    await expect(deriveSharedSecret(client.privateKey, offCurve)).rejects.toEqual(invalidPublicKey);
  });

  it.each([
    ['zero', '00'],
    ['longer than 32 bytes', `01${'00'.repeat(32)}`],
    ['the group order n', 'ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551'],
  ])('refuses a private scalar that is %s', async (_case, hex) => {
    await expect(importPrivateScalar(hex)).rejects.toMatchObject({
      code: 10400,
      message: 'Invalid private key',
    });
  });
});
