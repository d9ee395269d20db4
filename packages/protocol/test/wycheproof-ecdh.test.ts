import { describe, expect, it } from 'vitest';
import wycheproof from '../testing/fixtures/wycheproof/ecdh_secp256r1_ecpoint_test.json';
import { bytesToHex } from '../src/hex.ts';
import { deriveSharedSecret, importPrivateScalar, parsePublicKey } from '../src/keys.ts';

/** protocol.md §2 and §9: every invalid Wycheproof point is refused; every valid one gives the expected Z. */
const cases = wycheproof.testGroups.flatMap((group) => group.tests);
const valid = cases.filter((test) => test.result === 'valid');
const invalid = cases.filter((test) => test.result === 'invalid');
const acceptable = cases.filter((test) => test.result === 'acceptable');
let ran = 0;

const invalidKey = expect.objectContaining({ code: 10400 });

describe('ECDH P-256: Wycheproof ecdh_secp256r1_ecpoint_test.json', () => {
  it.each(invalid)('tcId $tcId ($comment, $flags): refuses the public key with 10400', async (test) => {
    await expect(parsePublicKey(test.public)).rejects.toEqual(invalidKey);
    const { privateKey } = await importPrivateScalar(test.private);
    await expect(deriveSharedSecret(privateKey, test.public)).rejects.toEqual(invalidKey);
    ran++;
  });

  it.each(valid)('tcId $tcId ($comment): derives the shared secret', async (test) => {
    const { privateKey } = await importPrivateScalar(test.private);
    expect(bytesToHex(await deriveSharedSecret(privateKey, test.public))).toBe(test.shared);
    ran++;
  });

  // Acceptable cases are compressed points: protocol.md §2 takes only uncompressed ones.
  it.each(acceptable)('tcId $tcId ($comment): refuses the compressed point with 10400', async (test) => {
    await expect(parsePublicKey(test.public)).rejects.toEqual(invalidKey);
    ran++;
  });

  it('ran every case of the file: 330 valid, 24 invalid, 1 acceptable', () => {
    expect([valid.length, invalid.length, acceptable.length]).toEqual([330, 24, 1]);
    expect(ran).toBe(cases.length);
    expect(ran).toBe(wycheproof.numberOfTests);
  });
});
