import { Codes, ProtocolError } from '@portal/protocol';
import { reencodeImage, type ImageMime } from './image-file.ts';
import { checkPdf } from './pdf-file.ts';
import { rasteriseSvg } from './svg-file.ts';

export type UploadMime = ImageMime | 'application/pdf' | 'image/svg+xml';

export interface StoredFile {
  mime: ImageMime | 'application/pdf';
  /** What to store and hash: re-encoded, re-serialised or rasterised, never the upload as sent. */
  bytes: Buffer;
}

const startsWith = (bytes: Uint8Array, text: string) =>
  Buffer.from(bytes.subarray(0, text.length)).equals(Buffer.from(text, 'latin1'));

/**
 * Every upload of the portal goes through here (protocol.md §6, 10415): the first bytes only
 * choose which parser judges the file; the parser decides. Images come back decoded and encoded
 * again, PDFs parsed and checked for active content, an SVG (where allowed) drawn into a PNG.
 * The declared name and type play no part.
 */
export async function readUpload(bytes: Uint8Array, accepted: readonly UploadMime[]): Promise<StoredFile> {
  if (accepted.includes('application/pdf') && startsWith(bytes, '%PDF-')) {
    return { mime: 'application/pdf', bytes: (await checkPdf(bytes)).bytes };
  }
  const images = accepted.filter((mime): mime is ImageMime => mime === 'image/png' || mime === 'image/jpeg');
  if (images.length > 0 && (startsWith(bytes, '\x89PNG\r\n\x1a\n') || startsWith(bytes, '\xff\xd8\xff'))) {
    return reencodeImage(bytes, images);
  }
  if (accepted.includes('image/svg+xml')) return { mime: 'image/png', bytes: await rasteriseSvg(bytes) };
  throw new ProtocolError(Codes.fileType);
}
