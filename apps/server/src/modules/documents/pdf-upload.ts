import { Codes, MAX_DOCUMENT_BYTES, ProtocolError } from '@portal/protocol';
import { checkPdf } from '../../lib/files/pdf-file.ts';

export interface CheckedPdf {
  bytes: Buffer;
  pageCount: number;
}

/**
 * An uploaded PDF, judged by parsing it (issue 19's checks: encrypted and script-bearing files
 * refused) and capped in size (10413). What is stored is pdf-lib's copy of what it parsed: the
 * pages stamped later are these.
 */
export async function checkedUpload(pdfBase64: string): Promise<CheckedPdf> {
  // base64 holds 3 bytes per 4 characters: refuse before decoding anything too large.
  if ((pdfBase64.length / 4) * 3 - 2 > MAX_DOCUMENT_BYTES) throw new ProtocolError(Codes.tooLarge);
  const upload = Buffer.from(pdfBase64, 'base64');
  if (upload.length > MAX_DOCUMENT_BYTES) throw new ProtocolError(Codes.tooLarge);
  const { doc, bytes } = await checkPdf(upload);
  return { bytes, pageCount: doc.getPageCount() };
}
