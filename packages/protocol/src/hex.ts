import { Codes, ProtocolError } from './error-codes.ts';

const HEX = /^(?:[0-9a-fA-F]{2})*$/;

/**
 * protocol.md §2: public keys travel as hex, and hex is checked before anything else so a
 * malformed key is answered with the spec's 'Invalid hex string' (code 10400).
 */
export function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (!HEX.test(hex)) throw new ProtocolError(Codes.validation, 'Invalid hex string');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

/** Lowercase, as the server sends its public key (protocol.md §2 accepts either case). */
export function bytesToHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
