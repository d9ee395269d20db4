import { decryptionFailed } from './decryption-failed.ts';

/**
 * protocol.md §3 (spec): AES-CBC with PKCS#7 padding. Kept apart from the envelope so the
 * Wycheproof vectors exercise exactly the code `seal` and `open` use.
 */
export async function aesCbcEncrypt(
  key: Uint8Array,
  iv: Uint8Array,
  plaintext: Uint8Array,
): Promise<Uint8Array<ArrayBuffer>> {
  const cryptoKey = await importAesKey(key, 'encrypt');
  const ciphertext = await globalThis.crypto.subtle.encrypt(
    { name: 'AES-CBC', iv: iv.slice() },
    cryptoKey,
    plaintext.slice(),
  );
  return new Uint8Array(ciphertext);
}

/** Bad padding or a ciphertext that is not whole blocks is the uniform §3 'Decryption failed'. */
export async function aesCbcDecrypt(
  key: Uint8Array,
  iv: Uint8Array,
  ciphertext: Uint8Array,
): Promise<Uint8Array<ArrayBuffer>> {
  const cryptoKey = await importAesKey(key, 'decrypt');
  try {
    const plaintext = await globalThis.crypto.subtle.decrypt(
      { name: 'AES-CBC', iv: iv.slice() },
      cryptoKey,
      ciphertext.slice(),
    );
    return new Uint8Array(plaintext);
  } catch {
    throw decryptionFailed();
  }
}

// `slice()` copies into a fresh ArrayBuffer: WebCrypto's BufferSource type excludes views on a
// SharedArrayBuffer, which a caller's Uint8Array (a Node Buffer, say) may be typed as.
function importAesKey(key: Uint8Array, usage: 'encrypt' | 'decrypt'): Promise<CryptoKey> {
  return globalThis.crypto.subtle.importKey('raw', key.slice(), 'AES-CBC', false, [usage]);
}
