import { createHash, createPublicKey } from 'node:crypto';
import forge from 'node-forge';

export interface TlsCertificate {
  cert: string;
  key: string;
  /** SHA-256 of the certificate's public key, base64: what Chromium's `--ignore-certificate-errors-spki-list` names. */
  spkiHash: string;
}

/** A self-signed certificate for 127.0.0.1, made for one run only: the portal's own HTTPS on loopback. */
export function loopbackTlsCertificate(): TlsCertificate {
  const keys = forge.pki.rsa.generateKeyPair(2048);
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = keys.publicKey;
  certificate.serialNumber = '01';
  certificate.validity.notBefore = new Date(Date.now() - 60_000);
  certificate.validity.notAfter = new Date(Date.now() + 24 * 3600_000);
  const subject = [{ name: 'commonName', value: '127.0.0.1' }];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  certificate.setExtensions([{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }]);
  certificate.sign(keys.privateKey, forge.md.sha256.create());
  const cert = forge.pki.certificateToPem(certificate);
  const spki = createPublicKey(cert).export({ type: 'spki', format: 'der' });
  return {
    cert,
    key: forge.pki.privateKeyToPem(keys.privateKey),
    spkiHash: createHash('sha256').update(spki).digest('base64'),
  };
}
