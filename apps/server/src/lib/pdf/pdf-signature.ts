import type { PDFDocument } from 'pdf-lib';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';
import { SUBFILTER_ADOBE_PKCS7_DETACHED } from '@signpdf/utils';

export interface SigningCredentials {
  /** PKCS#12 holding the key and certificate, as @signpdf/signer-p12 wants it. */
  p12: Buffer;
  passphrase: string;
  commonName: string;
}

/** Room for the PKCS#7 blob (certificate + signature + attributes); 2048-bit RSA needs about 2 KB. */
const SIGNATURE_BYTES = 8192;

/** Applies a detached PKCS#7 signature over the whole file (every byte but the signature itself). */
export async function signPdf(
  doc: PDFDocument,
  credentials: SigningCredentials,
  details: { reason: string; contact: string; signedAt: Date },
): Promise<Buffer> {
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: details.reason,
    contactInfo: details.contact,
    name: credentials.commonName,
    location: 'Patient portal',
    signingTime: details.signedAt,
    signatureLength: SIGNATURE_BYTES,
    subFilter: SUBFILTER_ADOBE_PKCS7_DETACHED,
  });
  // The placeholder's ByteRange must be findable as plain text: no object streams.
  const prepared = Buffer.from(await doc.save({ useObjectStreams: false }));
  const signer = new P12Signer(credentials.p12, { passphrase: credentials.passphrase });
  return new SignPdf().sign(prepared, signer, details.signedAt);
}
