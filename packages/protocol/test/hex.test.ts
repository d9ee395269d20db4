import { describe, expect, it } from 'vitest';
import vectors from '../testing/fixtures/protocol-vectors.json';
import { ProtocolError } from '../src/error-codes.ts';
import { bytesToHex, hexToBytes } from '../src/hex.ts';

describe('hex', () => {
  it('round-trips every byte value and writes lowercase', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    const hex = bytesToHex(bytes);
    expect(hex).toMatch(/^[0-9a-f]{512}$/);
    expect(hexToBytes(hex)).toEqual(bytes);
  });

  it('reads uppercase hex', () => {
    expect(hexToBytes('0AfF')).toEqual(Uint8Array.of(0x0a, 0xff));
  });

  it('reads the empty string as no bytes', () => {
    expect(hexToBytes('')).toEqual(new Uint8Array(0));
  });

  it.each([...vectors.invalid_hex, '0', '04a', 'g0', ' 04', '04 ', '04\n'])(
    "refuses %j with 10400 'Invalid hex string'",
    (hex) => {
      expect(() => hexToBytes(hex)).toThrow(ProtocolError);
      expect(() => hexToBytes(hex)).toThrow(
        expect.objectContaining({ code: 10400, message: 'Invalid hex string' }),
      );
    },
  );
});
