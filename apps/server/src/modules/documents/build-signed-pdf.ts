import { PDFDocument } from 'pdf-lib';
import { Codes, ProtocolError } from '@portal/protocol';
import { WorkerLimitError, type WorkerPool } from '../../lib/worker-pool/worker-pool.ts';
import { appendCertificatePage, type CertificateInfo } from '../../lib/pdf/certificate-page.ts';
import { sha256Hex } from '../../db/document-files.ts';
import { signPdf } from '../../lib/pdf/pdf-signature.ts';
import { winAnsiSafe } from '../../lib/pdf/pdf-text.ts';
import type { SigningCredentials } from '../settings/index.ts';
import { stampFields, type StampInput } from './stamp-fields.ts';

export interface SignedPdf {
  bytes: Buffer;
  stampedSha256: string;
}

export interface SignedPdfRequest {
  stamp: StampInput;
  certificate: Omit<CertificateInfo, 'stampedSha256' | 'certificateName'>;
  credentials: SigningCredentials;
}

/** buildSignedPdf as the worker entry runs it: one plain-data request in, bytes and hash out. */
export async function buildSignedPdfJob(
  request: SignedPdfRequest,
): Promise<{ bytes: Uint8Array; stampedSha256: string }> {
  return buildSignedPdf(request.stamp, request.certificate, request.credentials);
}

/**
 * Stamping, the certificate page, font subsetting and the signature take a thread for up to
 * seconds on a large document: they run in the worker pool, never on the event loop. The
 * document was judged when it was uploaded, so a job stopped at its limit means a node too busy
 * to finish in time: 10503, nothing signed, and the patient may try again.
 */
export async function buildSignedPdfInWorker(
  workers: WorkerPool,
  request: SignedPdfRequest,
): Promise<SignedPdf> {
  try {
    const { bytes, stampedSha256 } = await workers.run<typeof buildSignedPdfJob>('buildSignedPdf', request);
    return { bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), stampedSha256 };
  } catch (error) {
    if (!(error instanceof WorkerLimitError)) throw error;
    throw new ProtocolError(Codes.unavailable, 'The form could not be signed in time: try again in a moment');
  }
}

/**
 * Evidence in three layers: the signature stamped into the fields; an audit certificate page
 * that states the hash of the stamped document; a digital signature over the whole file.
 */
export async function buildSignedPdf(
  stamp: StampInput,
  certificate: Omit<CertificateInfo, 'stampedSha256' | 'certificateName'>,
  credentials: SigningCredentials,
): Promise<SignedPdf> {
  const stamped = await (await stampFields(stamp)).save({ useObjectStreams: false });
  const stampedSha256 = sha256Hex(stamped);
  const doc = await PDFDocument.load(stamped);
  await appendCertificatePage(doc, {
    ...certificate,
    stampedSha256,
    certificateName: credentials.commonName,
  });
  const of = certificate.representativeOf;
  const representing = of ? ` as authorised representative of ${winAnsiSafe(of.patientName)}` : '';
  const bytes = await signPdf(doc, credentials, {
    reason: `Signed by ${winAnsiSafe(certificate.signerName)}${representing} through the patient portal`,
    contact: certificate.clinic,
    signedAt: stamp.signedAt,
  });
  return { bytes, stampedSha256 };
}
