import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import forge from 'node-forge';
import type { AppContext } from '../../context.ts';
import { signingCertificates } from '../../db/schema/index.ts';

const PURPOSE = 'document-signing';
const VALIDITY_YEARS = 10;
const keyContext = `signing_certificates:${PURPOSE}`;

export interface SigningCredentials {
  /** PKCS#12 holding the key and certificate, as @signpdf/signer-p12 wants it. */
  p12: Buffer;
  passphrase: string;
  commonName: string;
}

/** One in-memory copy per running app: the row never changes under a running node (replacement restarts it). */
const cache = new WeakMap<AppContext, Promise<SigningCredentials>>();

/**
 * The clinic's document-signing certificate. The first node that needs it creates a self-signed
 * one and inserts it; a node that loses that race reads the winner's, so every node signs with the
 * same key. The private key is stored encrypted with the data cipher.
 */
export function signingCredentials(ctx: AppContext): Promise<SigningCredentials> {
  let pending = cache.get(ctx);
  if (!pending) {
    pending = loadOrCreate(ctx);
    pending.catch(() => cache.delete(ctx));
    cache.set(ctx, pending);
  }
  return pending;
}

async function loadOrCreate(ctx: AppContext): Promise<SigningCredentials> {
  let row = await readRow(ctx);
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
    row = await readRow(ctx);
  }
  if (!row) throw new Error('signing certificate could not be stored');
  const privateKeyPem = ctx.cipher.decrypt(row.privateKey, keyContext).toString('utf8');
  const certificate = forge.pki.certificateFromPem(row.certificatePem);
  const key = forge.pki.privateKeyFromPem(privateKeyPem);
  // The PKCS#12 never leaves memory; its passphrase only satisfies the format.
  const passphrase = randomBytes(16).toString('hex');
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [certificate], passphrase, { algorithm: 'aes256' });
  const commonName = String(certificate.subject.getField('CN')?.value ?? '');
  return { p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'), passphrase, commonName };
}

async function readRow(ctx: AppContext) {
  const [row] = await ctx.db
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
  // A positive 128-bit serial (leading 0 nibble keeps the DER integer positive).
  certificate.serialNumber = `0${randomBytes(16).toString('hex')}`;
  const now = ctx.now();
  certificate.validity.notBefore = new Date(now.getTime() - 60_000);
  certificate.validity.notAfter = new Date(now.getTime() + VALIDITY_YEARS * 365 * 24 * 3600_000);
  const name = [
    { name: 'commonName', value: `${ctx.config.CLINIC_NAME} document signing` },
    { name: 'organizationName', value: ctx.config.CLINIC_NAME },
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
