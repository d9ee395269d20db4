import { randomBytes } from 'node:crypto';

/**
 * A certificate serial as forge takes it (hex), from random bytes: positive, with no leading zero
 * byte. DER wants an INTEGER's shortest form, and OpenSSL (node:crypto's X509Certificate) refuses
 * a certificate whose serial starts with a superfluous zero byte; a `0` nibble prefixed to random
 * hex gave that whenever the first random byte was zero, one certificate in 256.
 */
export function certificateSerial(bytes: Uint8Array): string {
  const first = (bytes[0]! & 0x7f) | 0x01;
  return Buffer.from([first, ...bytes.subarray(1)]).toString('hex');
}

export function randomCertificateSerial(byteLength: number): string {
  return certificateSerial(randomBytes(byteLength));
}
