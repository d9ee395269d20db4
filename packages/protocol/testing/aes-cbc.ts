import { describe, expect, it } from 'vitest';
import wycheproof from './fixtures/wycheproof/aes_cbc_pkcs5_test.json';
import type { EnvelopePrimitives } from '../src/envelope-primitives.ts';
import { bytesToHex, hexToBytes } from '../src/hex.ts';

/** protocol.md §9: the AES-CBC code must pass Wycheproof's aes_cbc_pkcs5 vectors for 256-bit keys. */
const cases = wycheproof.testGroups.filter((group) => group.keySize === 256).flatMap((group) => group.tests);
const valid = cases.filter((test) => test.result === 'valid');
const invalid = cases.filter((test) => test.result === 'invalid');

/**
 * The AES-CBC primitive of each set of primitives against Wycheproof: WebCrypto in Node and
 * Chromium (aes-cbc.test.ts), node:crypto in Node (node-crypto-primitives.node.test.ts).
 */
export function aesCbcTests(backend: string, { aesCbcEncrypt, aesCbcDecrypt }: EnvelopePrimitives): void {
  let ran = 0;

  describe(`AES-256-CBC on ${backend}: Wycheproof aes_cbc_pkcs5_test.json`, () => {
    it.each(valid)('tcId $tcId ($comment): decrypts to msg and encrypts back to ct', async (test) => {
      const key = hexToBytes(test.key);
      const iv = hexToBytes(test.iv);
      expect(bytesToHex(await aesCbcDecrypt(key, iv, hexToBytes(test.ct)))).toBe(test.msg);
      expect(bytesToHex(await aesCbcEncrypt(key, iv, hexToBytes(test.msg)))).toBe(test.ct);
      ran++;
    });

    it.each(invalid)('tcId $tcId ($comment): refuses to decrypt', async (test) => {
      await expect(
        aesCbcDecrypt(hexToBytes(test.key), hexToBytes(test.iv), hexToBytes(test.ct)),
      ).rejects.toMatchObject({
        code: 10016,
        message: 'Decryption failed',
      });
      ran++;
    });

    it('ran every 256-bit case of the file: 24 valid and 48 invalid', () => {
      expect(valid).toHaveLength(24);
      expect(invalid).toHaveLength(48);
      expect(ran).toBe(cases.length);
      expect(ran).toBe(72);
    });
  });
}
