import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import vectorFile from './fixtures/protocol-vectors.json';
import { base64ToBytes, bytesToBase64 } from '../src/base64.ts';
import type { EnvelopePrimitives } from '../src/envelope-primitives.ts';
import * as envelope from '../src/envelope.ts';
import { LABELS, type Direction } from '../src/envelope.ts';
import { hexToBytes } from '../src/hex.ts';
import { generateSalt } from '../src/salt.ts';

const vectors = z
  .object({
    shared_z: z.string(),
    messages: z.array(
      z.object({
        direction: z.enum(['c2s', 's2c']),
        label: z.string(),
        salt: z.string(),
        plaintext: z.string(),
        encoded: z.string(),
      }),
    ),
  })
  .parse(vectorFile);
const sharedZ = hexToBytes(vectors.shared_z);
function firstVector() {
  const [message] = vectors.messages;
  if (message === undefined) throw new Error('protocol-vectors.json has no messages');
  return message;
}
const first = firstVector();

const decryptionFailed = expect.objectContaining({ code: 10016, message: 'Decryption failed' });

/** Rewrites the bytes behind an encoded value, to tamper with it. */
function tamper(encoded: string, change: (bytes: Uint8Array) => Uint8Array): string {
  return bytesToBase64(change(base64ToBytes(encoded)));
}

/**
 * protocol.md §3 written out again with WebCrypto alone, so a test can produce values with a
 * valid tag around content that `seal` would never produce (bad padding, invalid UTF-8).
 */
async function sealRawCiphertext(
  salt: string,
  direction: Direction,
  ciphertextOf: (kEnc: Uint8Array) => Promise<Uint8Array>,
) {
  const subtle = globalThis.crypto.subtle;
  const ikm = await subtle.importKey('raw', sharedZ, 'HKDF', false, ['deriveBits']);
  const encoder = new TextEncoder();
  const keys = new Uint8Array(
    await subtle.deriveBits(
      { name: 'HKDF', hash: 'SHA-256', salt: encoder.encode(salt), info: encoder.encode(LABELS[direction]) },
      ikm,
      512,
    ),
  );
  const ciphertext = await ciphertextOf(keys.slice(0, 32));
  const macKey = await subtle.importKey('raw', keys.slice(32), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const tag = new Uint8Array(await subtle.sign('HMAC', macKey, ciphertext.slice()));
  return bytesToBase64(Uint8Array.from([...ciphertext, ...tag]));
}

const ZERO_IV = new Uint8Array(16);

/**
 * The envelope's tests, run on each set of primitives: WebCrypto in Node and Chromium
 * (envelope.test.ts), node:crypto in Node (node-crypto-primitives.node.test.ts).
 */
export function envelopeTests(backend: string, primitives: EnvelopePrimitives): void {
  const seal = (key: Uint8Array, salt: string, direction: Direction, plaintext: string) =>
    envelope.seal(key, salt, direction, plaintext, primitives);
  const open = (key: Uint8Array, salt: string, direction: Direction, encoded: string) =>
    envelope.open(key, salt, direction, encoded, primitives);
  const sealJson = (key: Uint8Array, salt: string, direction: Direction, value: unknown) =>
    envelope.sealJson(key, salt, direction, value, primitives);
  const openJson = (key: Uint8Array, salt: string, direction: Direction, encoded: string) =>
    envelope.openJson(key, salt, direction, encoded, primitives);
  const { aesCbcEncrypt } = primitives;

  describe(`envelope on ${backend}: protocol-vectors.json`, () => {
    it('names the labels of protocol.md §3', () => {
      expect(LABELS).toEqual({ c2s: 'portal-v1 c2s', s2c: 'portal-v1 s2c' });
      for (const message of vectors.messages) expect(LABELS[message.direction]).toBe(message.label);
    });

    it.each(vectors.messages)(
      'seals $direction $plaintext under $salt to the vector exactly',
      async (message) => {
        await expect(seal(sharedZ, message.salt, message.direction, message.plaintext)).resolves.toBe(
          message.encoded,
        );
      },
    );

    it.each(vectors.messages)(
      'opens the $direction vector under $salt back to its plaintext',
      async (message) => {
        await expect(open(sharedZ, message.salt, message.direction, message.encoded)).resolves.toBe(
          message.plaintext,
        );
      },
    );

    it('opens the s2c token vector as JSON', async () => {
      const tokens = vectors.messages.find((message) => message.direction === 's2c');
      if (tokens === undefined) throw new Error('protocol-vectors.json has no s2c message');
      await expect(openJson(sharedZ, tokens.salt, 's2c', tokens.encoded)).resolves.toMatchObject({
        mfa: false,
        roles: ['user'],
        insurance_type: null,
      });
    });
  });

  describe(`envelope on ${backend}: refusals, all 10016 Decryption failed`, () => {
    it('refuses the wrong direction', async () => {
      const other: Direction = first.direction === 'c2s' ? 's2c' : 'c2s';
      await expect(open(sharedZ, first.salt, other, first.encoded)).rejects.toEqual(decryptionFailed);
    });

    it('refuses a flipped ciphertext bit', async () => {
      const flipped = tamper(first.encoded, (bytes) => {
        bytes[0] = (bytes[0] ?? 0) ^ 0x01;
        return bytes;
      });
      await expect(open(sharedZ, first.salt, first.direction, flipped)).rejects.toEqual(decryptionFailed);
    });

    it('refuses a flipped tag bit', async () => {
      const flipped = tamper(first.encoded, (bytes) => {
        bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 0x80;
        return bytes;
      });
      await expect(open(sharedZ, first.salt, first.direction, flipped)).rejects.toEqual(decryptionFailed);
    });

    it.each([1, 16, 32])('refuses a tag truncated by %i bytes', async (cut) => {
      const truncated = tamper(first.encoded, (bytes) => bytes.slice(0, bytes.length - cut));
      await expect(open(sharedZ, first.salt, first.direction, truncated)).rejects.toEqual(decryptionFailed);
    });

    it.each([
      ['a character outside the alphabet', (encoded: string) => `!${encoded.slice(1)}`],
      ['missing padding', (encoded: string) => encoded.replace(/=+$/, '')],
      ['whitespace', (encoded: string) => ` ${encoded}`],
      ['nothing at all', () => ''],
    ])('refuses base64 with %s', async (_case, spoil) => {
      await expect(open(sharedZ, first.salt, first.direction, spoil(first.encoded))).rejects.toEqual(
        decryptionFailed,
      );
    });

    it('refuses the wrong salt', async () => {
      await expect(open(sharedZ, 'ZzZzZzZzZzZzZzZz', first.direction, first.encoded)).rejects.toEqual(
        decryptionFailed,
      );
    });

    it.each(['short', `${first.salt}x`, '0123456789abcdef'])(
      'refuses the malformed salt %j',
      async (salt) => {
        await expect(open(sharedZ, salt, first.direction, first.encoded)).rejects.toEqual(decryptionFailed);
      },
    );

    it('refuses the wrong shared secret', async () => {
      const otherZ = sharedZ.slice();
      otherZ[0] = (otherZ[0] ?? 0) ^ 0x01;
      await expect(open(otherZ, first.salt, first.direction, first.encoded)).rejects.toEqual(
        decryptionFailed,
      );
    });

    it('refuses bad padding even under a valid tag', async () => {
      const salt = generateSalt();
      // 32 bytes of 'A' encrypt to three blocks; dropping the padding block leaves 0x41 as the last byte.
      const encoded = await sealRawCiphertext(salt, 'c2s', async (kEnc) =>
        (await aesCbcEncrypt(kEnc, ZERO_IV, new Uint8Array(32).fill(0x41))).slice(0, 32),
      );
      await expect(open(sharedZ, salt, 'c2s', encoded)).rejects.toEqual(decryptionFailed);
    });

    it('refuses invalid UTF-8 even under a valid tag', async () => {
      const salt = generateSalt();
      const encoded = await sealRawCiphertext(salt, 's2c', (kEnc) =>
        aesCbcEncrypt(kEnc, ZERO_IV, Uint8Array.of(0xc3, 0x28)),
      );
      await expect(open(sharedZ, salt, 's2c', encoded)).rejects.toEqual(decryptionFailed);
    });

    it('refuses text that is not JSON in openJson', async () => {
      const salt = generateSalt();
      const encoded = await seal(sharedZ, salt, 's2c', '{"unterminated": ');
      await expect(openJson(sharedZ, salt, 's2c', encoded)).rejects.toEqual(decryptionFailed);
    });

    it('refuses to seal under a malformed salt', async () => {
      await expect(seal(sharedZ, 'short', 'c2s', 'x')).rejects.toMatchObject({
        code: 10400,
        message: 'Invalid salt',
      });
    });
  });

  describe(`envelope on ${backend}: round trips`, () => {
    function randomText(): string {
      const [length = 0] = globalThis.crypto.getRandomValues(new Uint8Array(1));
      const draws = globalThis.crypto.getRandomValues(new Uint32Array(length % 64));
      // Any Unicode scalar value; lone surrogates have no UTF-8 form, so they become spaces.
      const codePoints = Array.from(draws, (n) =>
        n % 0x110000 >= 0xd800 && n % 0x110000 <= 0xdfff ? 0x20 : n % 0x110000,
      );
      return String.fromCodePoint(...codePoints);
    }

    function randomJson(depth: number): unknown {
      const [choice = 0] = globalThis.crypto.getRandomValues(new Uint8Array(1));
      switch (depth === 0 ? choice % 4 : choice % 6) {
        case 0:
          return randomText();
        case 1:
          return globalThis.crypto.getRandomValues(new Int32Array(1))[0];
        case 2:
          return choice % 2 === 0;
        case 3:
          return null;
        case 4:
          return Array.from({ length: choice % 5 }, () => randomJson(depth - 1));
        default:
          return Object.fromEntries(
            Array.from({ length: choice % 5 }, () => [randomText(), randomJson(depth - 1)]),
          );
      }
    }

    it('opens what it sealed: 50 random JSON values in both directions', async () => {
      for (let i = 0; i < 50; i++) {
        const value = { patient: randomJson(3), note: randomText() };
        const direction: Direction = i % 2 === 0 ? 'c2s' : 's2c';
        const salt = generateSalt();
        const encoded = await sealJson(sharedZ, salt, direction, value);
        await expect(openJson(sharedZ, salt, direction, encoded)).resolves.toEqual(value);
      }
    });

    it('keeps a leading byte order mark', async () => {
      const salt = generateSalt();
      const encoded = await seal(sharedZ, salt, 'c2s', '\uFEFFhello');
      await expect(open(sharedZ, salt, 'c2s', encoded)).resolves.toBe('\uFEFFhello');
    });

    it('seals the same plaintext differently under another salt or direction', async () => {
      const encoded = await seal(sharedZ, first.salt, 'c2s', 'same');
      expect(await seal(sharedZ, 'ZzZzZzZzZzZzZzZz', 'c2s', 'same')).not.toBe(encoded);
      expect(await seal(sharedZ, first.salt, 's2c', 'same')).not.toBe(encoded);
    });

    it('refuses to seal a value without a JSON form', () => {
      expect(() => sealJson(sharedZ, generateSalt(), 'c2s', undefined)).toThrow(TypeError);
    });
  });
}
