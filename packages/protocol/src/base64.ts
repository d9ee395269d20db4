import { decryptionFailed } from './decryption-failed.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const VALUE_OF = new Map([...ALPHABET].map((char, value) => [char, value]));

/**
 * Standard base64 with padding (protocol.md §3), written out by hand because `Buffer` is
 * Node-only and `atob`/`btoa` work on binary strings and accept non-canonical input.
 */
export function bytesToBase64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const b0 = bytes[i] ?? 0;
    const b1 = bytes[i + 1] ?? 0;
    const b2 = bytes[i + 2] ?? 0;
    const left = bytes.length - i;
    text += ALPHABET[b0 >> 2];
    text += ALPHABET[((b0 & 0x03) << 4) | (b1 >> 4)];
    text += left > 1 ? ALPHABET[((b1 & 0x0f) << 2) | (b2 >> 6)] : '=';
    text += left > 2 ? ALPHABET[b2 & 0x3f] : '=';
  }
  return text;
}

/**
 * Strict decoding: every encoded value has exactly one accepted spelling, so a tampered
 * value cannot pass as another (no whitespace, no missing padding, no stray bits in the
 * last character). Any deviation is the uniform §3 'Decryption failed'.
 */
export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  if (text.length % 4 !== 0) throw decryptionFailed();
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const bytes = new Uint8Array((text.length / 4) * 3 - padding);
  let byteIndex = 0;
  for (let i = 0; i < text.length; i += 4) {
    const isLastQuad = i + 4 === text.length;
    const sextets: number[] = [];
    for (let j = 0; j < 4; j++) {
      const char = text.charAt(i + j);
      const value = VALUE_OF.get(char);
      if (value !== undefined) sextets.push(value);
      else if (!(char === '=' && isLastQuad && j >= 4 - padding)) throw decryptionFailed();
    }
    const [s0 = 0, s1 = 0, s2 = 0, s3 = 0] = sextets;
    const quad = (s0 << 18) | (s1 << 12) | (s2 << 6) | s3;
    const unusedBits = padding === 2 && isLastQuad ? 0xffff : padding === 1 && isLastQuad ? 0xff : 0;
    if ((quad & unusedBits) !== 0) throw decryptionFailed();
    for (let shift = 16; shift >= 0 && byteIndex < bytes.length; shift -= 8) {
      bytes[byteIndex++] = (quad >> shift) & 0xff;
    }
  }
  return bytes;
}
