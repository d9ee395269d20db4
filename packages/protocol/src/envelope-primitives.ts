import { aesCbcDecrypt, aesCbcEncrypt } from './aes-cbc.ts';

/**
 * The primitives of protocol.md §3 the envelope is built from. `seal` and `open` are written
 * once against this interface; WebCrypto provides it everywhere (browsers, Node), and the
 * server may pass node:crypto's synchronous equivalent (`@portal/protocol/node-crypto`,
 * decision 0011). Both run the same vectors and Wycheproof cases.
 */
export interface EnvelopePrimitives {
  /** HKDF-SHA-256 (RFC 5869): `length` bytes from `ikm` under `salt` and `info`. */
  hkdfSha256(ikm: Uint8Array, salt: Uint8Array, info: Uint8Array, length: number): Promise<Uint8Array>;
  /** AES-CBC with PKCS#7 padding; the key length picks AES-128/192/256. */
  aesCbcEncrypt(key: Uint8Array, iv: Uint8Array, plaintext: Uint8Array): Promise<Uint8Array>;
  /** Bad padding, or a ciphertext that is not whole blocks, rejects with 10016 'Decryption failed'. */
  aesCbcDecrypt(key: Uint8Array, iv: Uint8Array, ciphertext: Uint8Array): Promise<Uint8Array>;
  hmacSha256(key: Uint8Array, data: Uint8Array): Promise<Uint8Array>;
  /** Whether `tag` is the HMAC-SHA-256 of `data`, compared in constant time. */
  hmacSha256Verify(key: Uint8Array, data: Uint8Array, tag: Uint8Array): Promise<boolean>;
}

const HMAC_SHA256 = { name: 'HMAC', hash: 'SHA-256' } as const;

// `slice()` copies into a fresh ArrayBuffer: WebCrypto's BufferSource type excludes views on a
// SharedArrayBuffer, which a caller's Uint8Array (a Node Buffer, say) may be typed as.
function importHmacKey(key: Uint8Array, usage: 'sign' | 'verify'): Promise<CryptoKey> {
  return globalThis.crypto.subtle.importKey('raw', key.slice(), HMAC_SHA256, false, [usage]);
}

/** The primitives on WebCrypto: the only ones a browser has, and the default everywhere. */
export const webCryptoPrimitives: EnvelopePrimitives = {
  async hkdfSha256(ikm, salt, info, length) {
    const subtle = globalThis.crypto.subtle;
    const inputKey = await subtle.importKey('raw', ikm.slice(), 'HKDF', false, ['deriveBits']);
    const bits = await subtle.deriveBits(
      { name: 'HKDF', hash: 'SHA-256', salt: salt.slice(), info: info.slice() },
      inputKey,
      length * 8,
    );
    return new Uint8Array(bits);
  },
  aesCbcEncrypt,
  aesCbcDecrypt,
  async hmacSha256(key, data) {
    const macKey = await importHmacKey(key, 'sign');
    return new Uint8Array(await globalThis.crypto.subtle.sign(HMAC_SHA256, macKey, data.slice()));
  },
  async hmacSha256Verify(key, data, tag) {
    const macKey = await importHmacKey(key, 'verify');
    return globalThis.crypto.subtle.verify(HMAC_SHA256, macKey, tag.slice(), data.slice());
  },
};
