import { describe, expect, it } from 'vitest';
import { aesCbcTests } from '../testing/aes-cbc.ts';
import { sealJson, openJson, type Direction } from '../src/envelope.ts';
import { webCryptoPrimitives, type EnvelopePrimitives } from '../src/envelope-primitives.ts';
import { envelopeTests } from '../testing/envelope.ts';
import { nodeCryptoPrimitives } from '../src/node-crypto-primitives.ts';
import { generateSalt } from '../src/salt.ts';

// Decision 0011: the server's node:crypto primitives pass the same vectors and Wycheproof cases
// as WebCrypto's, and each side opens what the other sealed.
envelopeTests('node:crypto', nodeCryptoPrimitives);
aesCbcTests('node:crypto', nodeCryptoPrimitives);

const backends: [string, EnvelopePrimitives][] = [
  ['WebCrypto', webCryptoPrimitives],
  ['node:crypto', nodeCryptoPrimitives],
];

const random = (length: number) => globalThis.crypto.getRandomValues(new Uint8Array(length));

describe('node:crypto and WebCrypto primitives agree', () => {
  it.each([
    [backends[0]!, backends[1]!],
    [backends[1]!, backends[0]!],
  ])('%s seals, %s opens: 50 values of growing length in both directions', async (sealer, opener) => {
    for (let i = 0; i < 50; i++) {
      const z = random(32);
      const salt = generateSalt();
      const direction: Direction = i % 2 === 0 ? 'c2s' : 's2c';
      const value = { note: 'x'.repeat(i * 7), bytes: Array.from(random(i)) };
      const encoded = await sealJson(z, salt, direction, value, sealer[1]);
      await expect(openJson(z, salt, direction, encoded, opener[1])).resolves.toEqual(value);
    }
  });

  it('derive the same keys and tags for random inputs', async () => {
    for (let i = 0; i < 20; i++) {
      const [ikm, salt, info, data] = [random(32), random(16), random(i), random(i * 5)];
      const [webKeys, nodeKeys] = await Promise.all(
        backends.map(([, primitives]) => primitives.hkdfSha256(ikm, salt, info, 64)),
      );
      expect(nodeKeys).toEqual(webKeys);
      const key = webKeys!.slice(32);
      const [webTag, nodeTag] = await Promise.all(
        backends.map(([, primitives]) => primitives.hmacSha256(key, data)),
      );
      expect(nodeTag).toEqual(webTag);
      for (const [, primitives] of backends) {
        await expect(primitives.hmacSha256Verify(key, data, webTag!)).resolves.toBe(true);
        const wrong = webTag!.slice();
        wrong[i % 32]! ^= 1;
        await expect(primitives.hmacSha256Verify(key, data, wrong)).resolves.toBe(false);
        await expect(primitives.hmacSha256Verify(key, data, webTag!.slice(0, 31))).resolves.toBe(false);
      }
    }
  });
});
