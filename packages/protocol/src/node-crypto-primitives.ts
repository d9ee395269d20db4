import { createCipheriv, createDecipheriv, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { decryptionFailed } from './decryption-failed.ts';
import type { EnvelopePrimitives } from './envelope-primitives.ts';

/** AES-CBC by key length, as WebCrypto's importKey accepts them. */
function aesCbc(key: Uint8Array): 'aes-128-cbc' | 'aes-192-cbc' | 'aes-256-cbc' {
  if (key.length === 16) return 'aes-128-cbc';
  if (key.length === 24) return 'aes-192-cbc';
  if (key.length === 32) return 'aes-256-cbc';
  throw new RangeError('AES keys are 16, 24 or 32 bytes');
}

function hmac(key: Uint8Array, data: Uint8Array): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

/**
 * Decision 0011: the envelope's primitives on node:crypto, for the server. Each runs in the
 * calling tick: no CryptoKey objects, no hop to libuv's thread pool and back per primitive
 * (WebCrypto's way in Node), which cost the sealed read a third of its CPU. Node only: the web
 * app never imports this module (`@portal/protocol/node-crypto`, not the package's index).
 */
export const nodeCryptoPrimitives: EnvelopePrimitives = {
  async hkdfSha256(ikm, salt, info, length) {
    return new Uint8Array(hkdfSync('sha256', ikm, salt, info, length));
  },
  async aesCbcEncrypt(key, iv, plaintext) {
    const cipher = createCipheriv(aesCbc(key), key, iv);
    return new Uint8Array(Buffer.concat([cipher.update(plaintext), cipher.final()]));
  },
  async aesCbcDecrypt(key, iv, ciphertext) {
    const algorithm = aesCbc(key);
    try {
      const decipher = createDecipheriv(algorithm, key, iv);
      return new Uint8Array(Buffer.concat([decipher.update(ciphertext), decipher.final()]));
    } catch {
      throw decryptionFailed();
    }
  },
  async hmacSha256(key, data) {
    return new Uint8Array(hmac(key, data));
  },
  async hmacSha256Verify(key, data, tag) {
    const expected = hmac(key, data);
    return tag.length === expected.length && timingSafeEqual(tag, expected);
  },
};
