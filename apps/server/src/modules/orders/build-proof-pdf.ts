import { PDFDocument } from 'pdf-lib';
import { Codes, ProtocolError, type DocumentSignature } from '@portal/protocol';
import { sha256Hex } from '../../db/document-files.ts';
import { appendCertificatePage, type CertificateInfo } from '../../lib/pdf/certificate-page.ts';
import { pageWriterFor, type LineStyle, type PageLine } from '../../lib/pdf/page-writer.ts';
import { signPdf, type SigningCredentials } from '../../lib/pdf/pdf-signature.ts';
import { winAnsiSafe } from '../../lib/pdf/pdf-text.ts';
import { WorkerLimitError, type WorkerPool } from '../../lib/worker-pool/worker-pool.ts';

/** What a delivery record holds (device-orders.md "Proof of delivery", 42 CFR 424.57(c)(12)). */
export interface DeliveryRecord {
  clinic: string;
  orderId: string;
  patientName: string;
  address: string;
  items: readonly { name: string; hcpcs: string; quantity: number; serialNumber: string | null }[];
  /** The date of service, YYYY-MM-DD. */
  receivedOn: string;
  signerName: string;
  /** Who the signer is to the patient, in words ("The patient", "Daughter"). */
  relationship: string;
  consentText: string;
  signature: DocumentSignature;
  signedAt: Date;
}

export interface ProofPdfRequest {
  record: DeliveryRecord;
  certificate: Omit<CertificateInfo, 'originalSha256' | 'stampedSha256' | 'certificateName'>;
  credentials: SigningCredentials;
}

const heading = (text: string): [string, LineStyle] => [text, { size: 11, bold: true }];

function recordLines(record: DeliveryRecord): PageLine[] {
  return [
    ['Proof of delivery', { size: 18, bold: true }],
    [`${record.clinic}, order ${record.orderId}`, { grey: true }],
    12,
    heading('Patient'),
    [`Full name: ${record.patientName}`],
    [`Delivery address: ${record.address}`],
    8,
    heading('Items delivered'),
    ...record.items.map((item): [string] => [
      `${item.name} (HCPCS ${item.hcpcs}), quantity ${item.quantity}, serial number ${item.serialNumber ?? '—'}`,
    ]),
    8,
    heading('Received'),
    [`Date received (date of service): ${record.receivedOn}`],
    [`Printed name of the signer: ${record.signerName}`],
    [`Relationship to the patient: ${record.relationship}`],
    8,
    heading('Declaration'),
    [record.consentText],
    8,
    heading('Signature'),
  ];
}

/**
 * The record's page, with or without the signature: the certificate states the hash of both, as
 * it does for a document before and after its fields are stamped.
 */
async function recordPdf(record: DeliveryRecord, signed: boolean): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const lines = recordLines(record);
  const typed: PageLine[] =
    signed && record.signature.kind === 'typed' ? [[record.signature.text, { size: 22 }]] : [];
  const w = await pageWriterFor(doc, [...lines, ...typed]);
  for (const line of [...lines, ...typed]) {
    if (typeof line === 'number') w.gap(line);
    else w.line(...line);
  }
  if (signed && record.signature.kind === 'drawn') {
    w.gap(6);
    w.image(await doc.embedPng(Buffer.from(record.signature.png_base64, 'base64')), 70);
  }
  return doc.save({ useObjectStreams: false });
}

/** The record page, the audit certificate and the PAdES signature over the whole file. */
export async function buildProofPdf(request: ProofPdfRequest): Promise<Uint8Array> {
  const { record, certificate, credentials } = request;
  const original = await recordPdf(record, false);
  const stamped = await recordPdf(record, true);
  const doc = await PDFDocument.load(stamped);
  await appendCertificatePage(doc, {
    ...certificate,
    originalSha256: sha256Hex(original),
    stampedSha256: sha256Hex(stamped),
    certificateName: credentials.commonName,
  });
  return signPdf(doc, credentials, {
    reason: `Delivery received, signed by ${winAnsiSafe(record.signerName)} (${winAnsiSafe(record.relationship)}) through the patient portal`,
    contact: record.clinic,
    signedAt: record.signedAt,
  });
}

/** Building and signing take a thread for up to seconds: the worker pool, as for documents. */
export async function buildProofPdfInWorker(workers: WorkerPool, request: ProofPdfRequest): Promise<Buffer> {
  try {
    const bytes = await workers.run<typeof buildProofPdf>('buildProofPdf', request);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } catch (error) {
    if (!(error instanceof WorkerLimitError)) throw error;
    throw new ProtocolError(
      Codes.unavailable,
      'The delivery could not be signed in time: try again in a moment',
    );
  }
}
