import { Codes, MAX_DOCUMENT_BYTES, ProtocolError } from '@portal/protocol';
import { checkPdfInWorker } from '../../lib/files/uploaded-file.ts';
import type { WorkerPool } from '../../lib/worker-pool/worker-pool.ts';

export interface CheckedPdf {
  bytes: Buffer;
  pageCount: number;
}

/**
 * An uploaded PDF, judged by parsing it (encrypted and script-bearing files
 * refused) and capped in size (10413). What is stored is pdf-lib's copy of what it parsed: the
 * pages stamped later are these.
 */
export async function checkedUpload(workers: WorkerPool, pdfBase64: string): Promise<CheckedPdf> {
  // base64 holds 3 bytes per 4 characters: refuse before decoding anything too large.
  if ((pdfBase64.length / 4) * 3 - 2 > MAX_DOCUMENT_BYTES) throw new ProtocolError(Codes.tooLarge);
  const upload = Buffer.from(pdfBase64, 'base64');
  if (upload.length > MAX_DOCUMENT_BYTES) throw new ProtocolError(Codes.tooLarge);
  return checkPdfInWorker(workers, upload);
}
