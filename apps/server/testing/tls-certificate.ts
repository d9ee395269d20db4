import { createHash, createPublicKey } from 'node:crypto';
import { makeCertificate } from './certificates.ts';

export interface TlsCertificate {
  cert: string;
  key: string;
  /** SHA-256 of the certificate's public key, base64: what Chromium's `--ignore-certificate-errors-spki-list` names. */
  spkiHash: string;
}

/** A self-signed certificate for 127.0.0.1, made for one run only: the portal's own HTTPS on loopback. */
export function loopbackTlsCertificate(): TlsCertificate {
  const { certificatePem, privateKey } = makeCertificate({ cn: '127.0.0.1', ip: '127.0.0.1' });
  const spki = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
  return {
    cert: certificatePem,
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    spkiHash: createHash('sha256').update(spki).digest('base64'),
  };
}
