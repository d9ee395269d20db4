import { generateKeyPair, randomBytes, X509Certificate } from 'node:crypto';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import forge from 'node-forge';
import type { SigningCertificateInfo } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { signingCertificates } from '../../db/schema/index.ts';
import { randomCertificateSerial } from '../../lib/certificate-serial.ts';
import { loadSettings } from './settings-queries.ts';
import type { SigningCredentials } from '../../lib/pdf/pdf-signature.ts';
import type { CheckedCertificate } from './certificate-upload.ts';

export type { SigningCredentials };

const PURPOSE = 'document-signing';
const VALIDITY_YEARS = 10;
const keyContext = `signing_certificates:${PURPOSE}`;

/**
 * The PKCS#12 built from the stored row, per running app. The row is read before every signature
 * (one indexed read) and the cached copy used only while the row is unchanged, so a certificate
 * an administrator uploads on one node signs the next document on every node.
 */
const cache = new WeakMap<AppContext, { certificatePem: string; credentials: SigningCredentials }>();

/**
 * The clinic's document-signing certificate. Until an administrator uploads one, the first node
 * that needs it creates a self-signed one and inserts it; a node that loses that race reads the
 * winner's, so every node signs with the same key. The private key is stored encrypted with the
 * data cipher.
 */
export async function signingCredentials(ctx: AppContext): Promise<SigningCredentials> {
  let row = await readRow(ctx.db);
  if (!row) {
    const created = await createSelfSigned(ctx);
    await ctx.db
      .insert(signingCertificates)
      .values({
        purpose: PURPOSE,
        certificatePem: created.certificatePem,
        privateKey: ctx.cipher.encrypt(Buffer.from(created.privateKeyPem, 'utf8'), keyContext),
        createdAt: ctx.now(),
      })
      .onConflictDoNothing();
    row = await readRow(ctx.db);
  }
  if (!row) throw new Error('signing certificate could not be stored');
  const cached = cache.get(ctx);
  if (cached?.certificatePem === row.certificatePem) return cached.credentials;
  const credentials = credentialsOf(row.certificatePem, ctx.cipher.decrypt(row.privateKey, keyContext));
  cache.set(ctx, { certificatePem: row.certificatePem, credentials });
  return credentials;
}

function credentialsOf(certificatePem: string, privateKeyPem: Buffer): SigningCredentials {
  const certificates = certificatePem
    .match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g)!
    .map((pem) => forge.pki.certificateFromPem(pem));
  const key = forge.pki.privateKeyFromPem(privateKeyPem.toString('utf8'));
  // The PKCS#12 never leaves memory; its passphrase only satisfies the format.
  const passphrase = randomBytes(16).toString('hex');
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, certificates, passphrase, { algorithm: 'aes256' });
  const commonName = String(certificates[0]!.subject.getField('CN')?.value ?? '');
  return { p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'), passphrase, commonName };
}

/** Puts an administrator's checked certificate in place of the current one, inside the caller's transaction. */
export async function replaceSigningCertificate(
  ctx: AppContext,
  db: Queryable,
  checked: CheckedCertificate,
): Promise<void> {
  const values = {
    certificatePem: checked.certificatePem,
    privateKey: ctx.cipher.encrypt(Buffer.from(checked.privateKeyPem, 'utf8'), keyContext),
    createdAt: ctx.now(),
  };
  await db
    .insert(signingCertificates)
    .values({ purpose: PURPOSE, ...values })
    .onConflictDoUpdate({ target: signingCertificates.purpose, set: values });
}

/** What the settings page shows of the certificate in force; null before one exists. */
export async function signingCertificateInfo(db: Queryable): Promise<SigningCertificateInfo | null> {
  const row = await readRow(db);
  if (!row) return null;
  return describeCertificate(new X509Certificate(row.certificatePem), row.createdAt);
}

export function describeCertificate(leaf: X509Certificate, installedAt: Date): SigningCertificateInfo {
  return {
    subject: leaf.subject.split('\n').join(', '),
    issuer: leaf.issuer.split('\n').join(', '),
    serial_number: leaf.serialNumber,
    fingerprint_sha256: leaf.fingerprint256,
    not_before: new Date(leaf.validFrom).toISOString(),
    not_after: new Date(leaf.validTo).toISOString(),
    self_signed: leaf.checkIssued(leaf) && leaf.verify(leaf.publicKey),
    installed_at: installedAt.toISOString(),
  };
}

async function readRow(db: Queryable) {
  const [row] = await db
    .select()
    .from(signingCertificates)
    .where(eq(signingCertificates.purpose, PURPOSE))
    .limit(1);
  return row;
}

/** RSA-2048 from node:crypto (fast, native); forge only builds the X.509 structure around it. */
async function createSelfSigned(ctx: AppContext): Promise<{ certificatePem: string; privateKeyPem: string }> {
  const { publicKey, privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(
    publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  );
  certificate.serialNumber = randomCertificateSerial(16);
  const now = ctx.now();
  certificate.validity.notBefore = new Date(now.getTime() - 60_000);
  certificate.validity.notAfter = new Date(now.getTime() + VALIDITY_YEARS * 365 * 24 * 3600_000);
  const { clinic_name: clinic } = await loadSettings(ctx);
  const name = [
    { name: 'commonName', value: `${clinic} document signing` },
    { name: 'organizationName', value: clinic },
  ];
  certificate.setSubject(name);
  certificate.setIssuer(name);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  certificate.sign(forge.pki.privateKeyFromPem(privateKeyPem), forge.md.sha256.create());
  return { certificatePem: forge.pki.certificateToPem(certificate), privateKeyPem };
}
