import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import forge from 'node-forge';
import { certificateSerial } from '../../src/lib/certificate-serial.ts';

/** A self-signed certificate with the given serial, read back by node:crypto (OpenSSL). */
function readBack(serial: string, keys: forge.pki.rsa.KeyPair): string {
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = keys.publicKey;
  certificate.serialNumber = serial;
  certificate.validity.notBefore = new Date();
  certificate.validity.notAfter = new Date(Date.now() + 3600_000);
  certificate.setSubject([{ name: 'commonName', value: 'Serial' }]);
  certificate.setIssuer([{ name: 'commonName', value: 'Serial' }]);
  certificate.sign(keys.privateKey, forge.md.sha256.create());
  return new X509Certificate(forge.pki.certificateToPem(certificate)).serialNumber;
}

describe('a certificate serial from random bytes', () => {
  const keys = forge.pki.rsa.generateKeyPair({ bits: 1024, e: 0x10001 });

  // The random first bytes that broke the earlier `0` + hex serial (zero) and that would make a
  // negative integer (top bit set), beside ordinary ones.
  it.each([
    [[0x00, 0x00, 0x32, 0xde]],
    [[0x00, 0x9f, 0x01, 0x02]],
    [[0x80, 0x00, 0x00, 0x00]],
    [[0xff, 0xff, 0xff, 0xff]],
    [[0x01, 0x23, 0x45, 0x67]],
  ])('from %j is positive, minimal and readable by OpenSSL', (bytes) => {
    const serial = certificateSerial(Uint8Array.from(bytes));
    expect(serial).toHaveLength(bytes.length * 2);
    expect(Number.parseInt(serial.slice(0, 2), 16)).toBeGreaterThan(0);
    expect(Number.parseInt(serial.slice(0, 2), 16)).toBeLessThan(0x80);
    expect(readBack(serial, keys).toLowerCase()).toBe(serial);
  });
});
