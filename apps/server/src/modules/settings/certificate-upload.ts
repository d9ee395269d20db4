import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import {
  CERTIFICATE_REFUSALS,
  Codes,
  ProtocolError,
  type CertificateRefusal,
  type SigningCertificateUpload,
} from '@portal/protocol';

/** A certificate and key that passed every check, ready to store: the leaf first, then its chain. */
export interface CheckedCertificate {
  certificatePem: string;
  privateKeyPem: string;
  leaf: X509Certificate;
}

/** The signer (@signpdf/signer-p12, node-forge) signs with RSA only; below 2048 bits is no longer safe (CERTIFICATE_REFUSALS.weakKey). */
const MIN_RSA_BITS = 2048;

function refuse(path: string, reason: CertificateRefusal): never {
  const message = CERTIFICATE_REFUSALS[reason];
  throw new ProtocolError(Codes.validation, message, [{ path, message }]);
}

function readPemCertificates(pem: string): X509Certificate[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  if (blocks.length === 0) refuse('certificate_pem', 'noCertificate');
  try {
    return blocks.map((block) => new X509Certificate(block));
  } catch {
    return refuse('certificate_pem', 'unreadableCertificate');
  }
}

/** Whether the PEM's key is encrypted: PKCS#8's `ENCRYPTED PRIVATE KEY` label, or the legacy Proc-Type header. */
function isEncryptedPem(pem: string): boolean {
  try {
    return forge.pem
      .decode(pem)
      .some((block) => block.type === 'ENCRYPTED PRIVATE KEY' || block.procType?.type === 'ENCRYPTED');
  } catch {
    return false;
  }
}

function readPemKey(pem: string, passphrase: string | undefined): KeyObject {
  try {
    return createPrivateKey({ key: pem, format: 'pem', passphrase: passphrase ?? '' });
  } catch {
    // An encrypted key that does not open is the passphrase's fault, whatever OpenSSL says: a
    // wrong one usually fails the padding check, but about 1 in 200 decrypts to bytes that are not
    // a key at all, and a key that cannot be decrypted cannot be judged malformed.
    return isEncryptedPem(pem)
      ? refuse('passphrase', 'passphrase')
      : refuse('private_key_pem', 'unreadableKey');
  }
}

/** PKCS#12 through node-forge (node:crypto cannot open it); forge decodes only RSA, the one key type we sign with. */
function readPkcs12(
  contentBase64: string,
  passphrase: string,
): { certificates: X509Certificate[]; key: KeyObject } {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const der = forge.util.createBuffer(Buffer.from(contentBase64, 'base64').toString('binary'));
    const asn1 = forge.asn1.fromDer(der);
    try {
      p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, passphrase);
    } catch (error) {
      if (/password|mac/i.test(String(error))) refuse('passphrase', 'passphrase');
      throw error;
    }
  } catch (error) {
    if (error instanceof ProtocolError) throw error;
    return refuse('content_base64', 'notPkcs12');
  }
  const { oids } = forge.pki;
  const bags = (type: string | undefined) => p12.getBags({ bagType: type! })[type!] ?? [];
  const keyBag = [...bags(oids.pkcs8ShroudedKeyBag), ...bags(oids.keyBag)][0];
  if (!keyBag) refuse('content_base64', 'noKey');
  if (!keyBag.key) refuse('content_base64', 'notRsa');
  const certificates = bags(oids.certBag).flatMap((bag) =>
    bag.cert ? [new X509Certificate(forge.pki.certificateToPem(bag.cert))] : [],
  );
  if (certificates.length === 0) refuse('content_base64', 'noCertificate');
  return { certificates, key: createPrivateKey(forge.pki.privateKeyToPem(keyBag.key)) };
}

/**
 * An administrator's signing certificate, checked before it replaces the clinic's: it must be
 * readable, hold an RSA key of at least 2048 bits that belongs to one of its certificates, and
 * be valid now. Every refusal is 10400 naming the field to correct.
 */
export function checkCertificateUpload(upload: SigningCertificateUpload, now: Date): CheckedCertificate {
  const { certificates, key } =
    upload.format === 'pkcs12'
      ? readPkcs12(upload.content_base64, upload.passphrase)
      : {
          certificates: readPemCertificates(upload.certificate_pem),
          key: readPemKey(upload.private_key_pem, upload.passphrase),
        };
  const keyPath = upload.format === 'pkcs12' ? 'content_base64' : 'private_key_pem';
  const certificatePath = upload.format === 'pkcs12' ? 'content_base64' : 'certificate_pem';
  if (key.asymmetricKeyType !== 'rsa') refuse(keyPath, 'notRsa');
  if ((key.asymmetricKeyDetails?.modulusLength ?? 0) < MIN_RSA_BITS) {
    refuse(keyPath, 'weakKey');
  }
  const leaf = certificates.find((certificate) => certificate.checkPrivateKey(key));
  if (!leaf) refuse(certificatePath, 'keyMismatch');
  const notBefore = new Date(leaf.validFrom);
  const notAfter = new Date(leaf.validTo);
  if (notAfter <= now) refuse(certificatePath, 'expired');
  if (notBefore > now) refuse(certificatePath, 'notYetValid');
  // Only chain certificates forge can read travel in the signature (the signer parses them all).
  const chain = certificates.filter((c) => c !== leaf && c.publicKey.asymmetricKeyType === 'rsa');
  return {
    certificatePem: [leaf, ...chain].map((c) => c.toString().trim()).join('\n') + '\n',
    privateKeyPem: key.export({ type: 'pkcs8', format: 'pem' }).toString(),
    leaf,
  };
}
