import { z } from 'zod';
import { isoTime } from './admin-api.ts';

/**
 * `POST /admin/settings/signing_certificate/` (sealed): the clinic's document-signing certificate
 * and its RSA key, as a PKCS#12 file or PEM text. Write-only: only `signingCertificateInfo` is
 * ever answered. Refusals are 10400 naming the field to correct.
 */
export const signingCertificateUpload = z.discriminatedUnion('format', [
  z.object({
    format: z.literal('pkcs12'),
    content_base64: z.string().min(1).max(100_000).describe('A .p12/.pfx file, at most 64 KB'),
    passphrase: z.string().max(500),
  }),
  z.object({
    format: z.literal('pem'),
    certificate_pem: z.string().min(1).max(64_000).describe('The certificate, then any chain'),
    private_key_pem: z.string().min(1).max(64_000),
    passphrase: z.string().max(500).optional().describe('For an encrypted private key'),
  }),
]);
export type SigningCertificateUpload = z.input<typeof signingCertificateUpload>;

/** 10400 messages of the certificate upload; clients choose their translated text by them. */
export const CERTIFICATE_REFUSALS = {
  passphrase: 'The passphrase does not open this file or key',
  notPkcs12: 'This is not a PKCS#12 (.p12/.pfx) file this server can read',
  noKey: 'The file holds no private key',
  noCertificate: 'No certificate found',
  unreadableCertificate: 'The certificate could not be read',
  unreadableKey: 'The private key could not be read',
  notRsa: 'Only RSA keys can sign documents',
  weakKey: 'The RSA key must have at least 2048 bits',
  keyMismatch: 'The private key does not belong to the certificate',
  expired: 'The certificate has expired',
  notYetValid: 'The certificate is not valid yet',
} as const;
export type CertificateRefusal = keyof typeof CERTIFICATE_REFUSALS;

/** What may be shown of the signing certificate: never the key. */
export const signingCertificateInfo = z.object({
  subject: z.string(),
  issuer: z.string(),
  serial_number: z.string(),
  fingerprint_sha256: z.string(),
  not_before: isoTime,
  not_after: isoTime,
  /** True for the one the server made itself before an administrator uploaded one. */
  self_signed: z.boolean(),
  installed_at: isoTime,
});
export type SigningCertificateInfo = z.infer<typeof signingCertificateInfo>;
