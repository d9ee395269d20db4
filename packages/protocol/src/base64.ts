import { decryptionFailed } from './decryption-failed.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const PAD = '='.charCodeAt(0);
const ENCODE = Uint8Array.from(ALPHABET, (char) => char.charCodeAt(0));
/** Sextet value by character code; -1 outside the alphabet (every code ≥ 128 is outside too). */
const DECODE = new Int8Array(128).fill(-1);
for (let value = 0; value < ENCODE.length; value++) DECODE[ENCODE[value]!] = value;
const ascii = new TextDecoder();

/**
 * Standard base64 with padding (protocol.md §3), written out by hand because `Buffer` is
 * Node-only and `atob`/`btoa` work on binary strings and accept non-canonical input. It fills
 * a byte array and decodes it once: sealed card images and documents run to megabytes, and a
 * string grown a character at a time held the server's event loop for about a second on one.
 */
export function bytesToBase64(bytes: Uint8Array): string {
  const out = new Uint8Array(Math.ceil(bytes.length / 3) * 4);
  const whole = bytes.length - (bytes.length % 3);
  let o = 0;
  for (let i = 0; i < whole; i += 3) {
    const triple = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out[o++] = ENCODE[triple >> 18]!;
    out[o++] = ENCODE[(triple >> 12) & 0x3f]!;
    out[o++] = ENCODE[(triple >> 6) & 0x3f]!;
    out[o++] = ENCODE[triple & 0x3f]!;
  }
  const left = bytes.length - whole;
  if (left > 0) {
    const b0 = bytes[whole]!;
    const b1 = left > 1 ? bytes[whole + 1]! : 0;
    out[o++] = ENCODE[b0 >> 2]!;
    out[o++] = ENCODE[((b0 & 0x03) << 4) | (b1 >> 4)]!;
    out[o++] = left > 1 ? ENCODE[(b1 & 0x0f) << 2]! : PAD;
    out[o] = PAD;
  }
  return ascii.decode(out);
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
  // Every quad but a padded last one decodes to three whole bytes.
  const wholeQuadsEnd = padding === 0 ? text.length : text.length - 4;
  let b = 0;
  for (let i = 0; i < wholeQuadsEnd; i += 4) {
    const quad =
      (sextet(text, i) << 18) |
      (sextet(text, i + 1) << 12) |
      (sextet(text, i + 2) << 6) |
      sextet(text, i + 3);
    bytes[b++] = quad >> 16;
    bytes[b++] = (quad >> 8) & 0xff;
    bytes[b++] = quad & 0xff;
  }
  if (padding > 0) {
    const i = wholeQuadsEnd;
    const third = padding === 2 ? 0 : sextet(text, i + 2);
    const quad = (sextet(text, i) << 18) | (sextet(text, i + 1) << 12) | (third << 6);
    // The bits the padding leaves unused must be zero, or one value would have two spellings.
    if ((quad & (padding === 2 ? 0xffff : 0xff)) !== 0) throw decryptionFailed();
    bytes[b++] = quad >> 16;
    if (padding === 1) bytes[b] = (quad >> 8) & 0xff;
  }
  return bytes;
}

/** The value of the character at `index`; padding or anything outside the alphabet fails. */
function sextet(text: string, index: number): number {
  const code = text.charCodeAt(index);
  const value = code < 128 ? DECODE[code]! : -1;
  if (value < 0) throw decryptionFailed();
  return value;
}
