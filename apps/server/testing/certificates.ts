import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import { randomCertificateSerial } from '../src/lib/certificate-serial.ts';

export const DAY = 24 * 3600_000;

/** An RSA key from node:crypto and an X.509 certificate around it, built with forge (as the server's own). */
export function makeCertificate(
  opts: {
    cn?: string;
    from?: Date;
    to?: Date;
    bits?: number;
    issuerKey?: KeyObject;
    publicKey?: KeyObject;
    /** An IP address the certificate is for (subjectAltName), as a TLS server's. */
    ip?: string;
  } = {},
) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: opts.bits ?? 2048 });
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(
    (opts.publicKey ?? publicKey).export({ type: 'spki', format: 'pem' }).toString(),
  );
  certificate.serialNumber = randomCertificateSerial(8);
  certificate.validity.notBefore = opts.from ?? new Date(Date.now() - DAY);
  certificate.validity.notAfter = opts.to ?? new Date(Date.now() + 365 * DAY);
  const name = [
    { name: 'commonName', value: opts.cn ?? 'Harbour Clinic Signing 2026' },
    { name: 'organizationName', value: 'Harbour Clinic' },
  ];
  certificate.setSubject(name);
  certificate.setIssuer(name);
  if (opts.ip) certificate.setExtensions([{ name: 'subjectAltName', altNames: [{ type: 7, ip: opts.ip }] }]);
  const signingKey = (opts.issuerKey ?? privateKey).export({ type: 'pkcs8', format: 'pem' }).toString();
  certificate.sign(forge.pki.privateKeyFromPem(signingKey), forge.md.sha256.create());
  return { certificate, privateKey, certificatePem: forge.pki.certificateToPem(certificate) };
}

export function pkcs12Of(made: ReturnType<typeof makeCertificate>, passphrase: string): string {
  const key = forge.pki.privateKeyFromPem(
    made.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  );
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [made.certificate], passphrase, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary').toString('base64');
}
