import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64 } from '../src/base64.ts';

const text = (value: string) => new TextEncoder().encode(value);

/**
 * Where two byte arrays first differ (-1 when equal). A megabyte through toEqual walks a
 * million-element diff and timed out on a busy CI machine; a byte loop is milliseconds.
 */
function firstDifference(a: Uint8Array, b: Uint8Array): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : length;
}

describe('base64', () => {
  it.each([
    ['', ''],
    ['f', 'Zg=='],
    ['fo', 'Zm8='],
    ['foo', 'Zm9v'],
    ['foob', 'Zm9vYg=='],
    ['fooba', 'Zm9vYmE='],
    ['foobar', 'Zm9vYmFy'],
  ])('encodes and decodes the RFC 4648 vector %j as %j', (plain, encoded) => {
    expect(bytesToBase64(text(plain))).toBe(encoded);
    expect(base64ToBytes(encoded)).toEqual(text(plain));
  });

  it('uses the standard alphabet with + and /', () => {
    expect(bytesToBase64(Uint8Array.of(0xfb, 0xff, 0xbf))).toBe('+/+/');
    expect(base64ToBytes('+/+/')).toEqual(Uint8Array.of(0xfb, 0xff, 0xbf));
  });

  it('round-trips random bytes of every length up to 100', () => {
    for (let length = 0; length <= 100; length++) {
      const bytes = globalThis.crypto.getRandomValues(new Uint8Array(length));
      expect(base64ToBytes(bytesToBase64(bytes))).toEqual(bytes);
    }
  });

  it('agrees with the platform encoder on a megabyte of random bytes', () => {
    const bytes = new Uint8Array(1024 * 1024 + 2);
    // getRandomValues fills at most 64 KiB a call.
    for (let at = 0; at < bytes.length; at += 65_536) {
      globalThis.crypto.getRandomValues(bytes.subarray(at, at + 65_536));
    }
    let binary = '';
    for (let at = 0; at < bytes.length; at += 8192) {
      binary += String.fromCharCode(...bytes.subarray(at, at + 8192));
    }
    const encoded = bytesToBase64(bytes);
    expect(encoded).toBe(btoa(binary));
    expect(firstDifference(base64ToBytes(encoded), bytes)).toBe(-1);
  });

  it.each([
    ['missing padding', 'Zg'],
    ['too much padding', 'Zg==='],
    ['padding in the middle', 'Zg==Zm9v'],
    ['padding inside a quad', 'Z=g='],
    ['only padding', '===='],
    ['URL-safe alphabet', '-_-_'],
    ['whitespace', 'Zm9v Zm9v'],
    ['a line break', 'Zm9v\nZm9v'],
    ['non-zero unused bits before ==', 'Zh=='],
    ['non-zero unused bits before =', 'Zm9='],
    ['a character outside the alphabet', 'Zm9!'],
  ])("refuses %s with 10016 'Decryption failed'", (_case, encoded) => {
    expect(() => base64ToBytes(encoded)).toThrow(
      expect.objectContaining({ code: 10016, message: 'Decryption failed' }),
    );
  });
});
