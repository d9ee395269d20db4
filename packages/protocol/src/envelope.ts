import { aesCbcDecrypt, aesCbcEncrypt } from './aes-cbc.ts';
import { base64ToBytes, bytesToBase64 } from './base64.ts';
import { decryptionFailed } from './decryption-failed.ts';
import { Codes, ProtocolError } from './error-codes.ts';
import { isValidSalt } from './salt.ts';

export type Direction = 'c2s' | 's2c';

/** protocol.md §3: one label per direction, so a salt chosen by one side never reproduces a key of the other. */
export const LABELS: Record<Direction, string> = {
  c2s: 'portal-v1 c2s',
  s2c: 'portal-v1 s2c',
};

/** protocol.md §3 (spec): the zero IV is safe only because every (Z, salt, label) key encrypts one message. */
const ZERO_IV = new Uint8Array(16);
const BLOCK_LENGTH = 16;
const KEY_LENGTH = 32;
const TAG_LENGTH = 32;
const HMAC_SHA256 = { name: 'HMAC', hash: 'SHA-256' } as const;

const utf8Encoder = new TextEncoder();
// fatal: malformed UTF-8 is a decryption failure, not U+FFFD; ignoreBOM: keep a leading U+FEFF the sender sealed.
const utf8Decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** protocol.md §3: base64(AES-256-CBC(K_enc, zero IV, UTF-8(plaintext)) || HMAC-SHA-256(K_mac, ciphertext)). */
export async function seal(
  z: Uint8Array,
  salt: string,
  direction: Direction,
  plaintext: string,
): Promise<string> {
  if (!isValidSalt(salt)) throw new ProtocolError(Codes.validation, 'Invalid salt');
  const { encryptionKey, macKey } = await deriveMessageKeys(z, salt, direction);
  const ciphertext = await aesCbcEncrypt(encryptionKey, ZERO_IV, utf8Encoder.encode(plaintext));
  const tag = new Uint8Array(await globalThis.crypto.subtle.sign(HMAC_SHA256, macKey, ciphertext));
  const sealed = new Uint8Array(ciphertext.length + TAG_LENGTH);
  sealed.set(ciphertext);
  sealed.set(tag, ciphertext.length);
  return bytesToBase64(sealed);
}

/**
 * protocol.md §3: the tag is verified (constant time, inside WebCrypto) before any decryption
 * or unpadding, and every failure is the same 10016 'Decryption failed' so nothing about the
 * cause leaks to a prober.
 */
export async function open(
  z: Uint8Array,
  salt: string,
  direction: Direction,
  encoded: string,
): Promise<string> {
  try {
    if (!isValidSalt(salt)) throw decryptionFailed();
    const sealed = base64ToBytes(encoded);
    const ciphertextLength = sealed.length - TAG_LENGTH;
    if (ciphertextLength < BLOCK_LENGTH || ciphertextLength % BLOCK_LENGTH !== 0) throw decryptionFailed();
    const ciphertext = sealed.slice(0, ciphertextLength);
    const tag = sealed.slice(ciphertextLength);
    const { encryptionKey, macKey } = await deriveMessageKeys(z, salt, direction);
    const authentic = await globalThis.crypto.subtle.verify(HMAC_SHA256, macKey, tag, ciphertext);
    if (!authentic) throw decryptionFailed();
    return utf8Decoder.decode(await aesCbcDecrypt(encryptionKey, ZERO_IV, ciphertext));
  } catch {
    throw decryptionFailed();
  }
}

/** protocol.md §4: request bodies and response envelopes carry JSON. */
export function sealJson(z: Uint8Array, salt: string, direction: Direction, value: unknown): Promise<string> {
  const json: string | undefined = JSON.stringify(value);
  if (json === undefined) throw new TypeError('The value has no JSON representation');
  return seal(z, salt, direction, json);
}

/** protocol.md §3: text that is not JSON is a decryption failure like any other. */
export async function openJson(
  z: Uint8Array,
  salt: string,
  direction: Direction,
  encoded: string,
): Promise<unknown> {
  const json = await open(z, salt, direction, encoded);
  try {
    return JSON.parse(json) as unknown;
  } catch {
    throw decryptionFailed();
  }
}

/** protocol.md §3: HKDF-SHA-256(Z, UTF-8(salt), UTF-8(label)) → 64 bytes = K_enc || K_mac. */
async function deriveMessageKeys(
  z: Uint8Array,
  salt: string,
  direction: Direction,
): Promise<{ encryptionKey: Uint8Array; macKey: CryptoKey }> {
  const subtle = globalThis.crypto.subtle;
  const inputKey = await subtle.importKey('raw', z.slice(), 'HKDF', false, ['deriveBits']);
  const keyMaterial = new Uint8Array(
    await subtle.deriveBits(
      {
        name: 'HKDF',
        hash: 'SHA-256',
        salt: utf8Encoder.encode(salt),
        info: utf8Encoder.encode(LABELS[direction]),
      },
      inputKey,
      KEY_LENGTH * 2 * 8,
    ),
  );
  const macKey = await subtle.importKey('raw', keyMaterial.slice(KEY_LENGTH), HMAC_SHA256, false, [
    'sign',
    'verify',
  ]);
  return { encryptionKey: keyMaterial.slice(0, KEY_LENGTH), macKey };
}
