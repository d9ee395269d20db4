import { base64ToBytes, bytesToBase64 } from './base64.ts';
import { decryptionFailed } from './decryption-failed.ts';
import { webCryptoPrimitives, type EnvelopePrimitives } from './envelope-primitives.ts';
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

const utf8Encoder = new TextEncoder();
// fatal: malformed UTF-8 is a decryption failure, not U+FFFD; ignoreBOM: keep a leading U+FEFF the sender sealed.
const utf8Decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * protocol.md §3: base64(AES-256-CBC(K_enc, zero IV, UTF-8(plaintext)) || HMAC-SHA-256(K_mac, ciphertext)).
 * `primitives`: WebCrypto unless the caller passes node:crypto's (the server, decision 0011).
 */
export async function seal(
  z: Uint8Array,
  salt: string,
  direction: Direction,
  plaintext: string,
  primitives: EnvelopePrimitives = webCryptoPrimitives,
): Promise<string> {
  if (!isValidSalt(salt)) throw new ProtocolError(Codes.validation, 'Invalid salt');
  const { encryptionKey, macKey } = await deriveMessageKeys(primitives, z, salt, direction);
  const ciphertext = await primitives.aesCbcEncrypt(encryptionKey, ZERO_IV, utf8Encoder.encode(plaintext));
  const tag = await primitives.hmacSha256(macKey, ciphertext);
  const sealed = new Uint8Array(ciphertext.length + TAG_LENGTH);
  sealed.set(ciphertext);
  sealed.set(tag, ciphertext.length);
  return bytesToBase64(sealed);
}

/**
 * protocol.md §3: the tag is verified (in constant time) before any decryption
 * or unpadding, and every failure is the same 10016 'Decryption failed' so nothing about the
 * cause leaks to a prober.
 */
export async function open(
  z: Uint8Array,
  salt: string,
  direction: Direction,
  encoded: string,
  primitives: EnvelopePrimitives = webCryptoPrimitives,
): Promise<string> {
  try {
    if (!isValidSalt(salt)) throw decryptionFailed();
    const sealed = base64ToBytes(encoded);
    const ciphertextLength = sealed.length - TAG_LENGTH;
    if (ciphertextLength < BLOCK_LENGTH || ciphertextLength % BLOCK_LENGTH !== 0) throw decryptionFailed();
    const ciphertext = sealed.slice(0, ciphertextLength);
    const tag = sealed.slice(ciphertextLength);
    const { encryptionKey, macKey } = await deriveMessageKeys(primitives, z, salt, direction);
    const authentic = await primitives.hmacSha256Verify(macKey, ciphertext, tag);
    if (!authentic) throw decryptionFailed();
    return utf8Decoder.decode(await primitives.aesCbcDecrypt(encryptionKey, ZERO_IV, ciphertext));
  } catch {
    throw decryptionFailed();
  }
}

/** protocol.md §4: request bodies and response envelopes carry JSON. */
export function sealJson(
  z: Uint8Array,
  salt: string,
  direction: Direction,
  value: unknown,
  primitives?: EnvelopePrimitives,
): Promise<string> {
  const json: string | undefined = JSON.stringify(value);
  if (json === undefined) throw new TypeError('The value has no JSON representation');
  return seal(z, salt, direction, json, primitives);
}

/** protocol.md §3: text that is not JSON is a decryption failure like any other. */
export async function openJson(
  z: Uint8Array,
  salt: string,
  direction: Direction,
  encoded: string,
  primitives?: EnvelopePrimitives,
): Promise<unknown> {
  const json = await open(z, salt, direction, encoded, primitives);
  try {
    return JSON.parse(json) as unknown;
  } catch {
    throw decryptionFailed();
  }
}

/**
 * protocol.md §3: HKDF-SHA-256(Z, UTF-8(salt), UTF-8(label)) → 64 bytes = K_enc || K_mac. Exported
 * for the server's streamed seal, which encrypts piece by piece with these keys.
 */
export async function deriveMessageKeys(
  primitives: EnvelopePrimitives,
  z: Uint8Array,
  salt: string,
  direction: Direction,
): Promise<{ encryptionKey: Uint8Array; macKey: Uint8Array }> {
  const keyMaterial = await primitives.hkdfSha256(
    z,
    utf8Encoder.encode(salt),
    utf8Encoder.encode(LABELS[direction]),
    KEY_LENGTH * 2,
  );
  return { encryptionKey: keyMaterial.slice(0, KEY_LENGTH), macKey: keyMaterial.slice(KEY_LENGTH) };
}
