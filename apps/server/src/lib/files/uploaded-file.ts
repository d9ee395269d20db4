import { Codes, ProtocolError } from '@portal/protocol';
import { reencodeImage, type ImageMime } from './image-file.ts';
import { checkPdfStructure, type checkPdfFile } from './pdf-file.ts';
import { rasteriseSvg } from './svg-file.ts';
import { WorkerLimitError, type WorkerPool } from '../worker-pool/worker-pool.ts';

export type UploadMime = ImageMime | 'application/pdf' | 'image/svg+xml';

export interface StoredFile {
  mime: ImageMime | 'application/pdf';
  /** What to store and hash: re-encoded, re-serialised or rasterised, never the upload as sent. */
  bytes: Buffer;
}

const startsWith = (bytes: Uint8Array, text: string) =>
  Buffer.from(bytes.subarray(0, text.length)).equals(Buffer.from(text, 'latin1'));

/**
 * A PDF parsed and checked in the worker pool (pdf-lib holds a thread for seconds on a large or
 * hostile file), after the structural check on the loop. A file that needs more time or memory
 * than a job may have is refused like any file the parser cannot read, saying which limit.
 */
export async function checkPdfInWorker(
  workers: WorkerPool,
  bytes: Uint8Array,
): Promise<{ bytes: Buffer; pageCount: number }> {
  checkPdfStructure(bytes);
  try {
    const checked = await workers.run<typeof checkPdfFile>('checkPdf', bytes);
    const stored = checked.bytes;
    return {
      bytes: Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength),
      pageCount: checked.pageCount,
    };
  } catch (error) {
    if (!(error instanceof WorkerLimitError)) throw error;
    const message =
      error.limit === 'time'
        ? `File type is incorrect: reading the PDF took more than ${error.options.jobSeconds} s`
        : `File type is incorrect: reading the PDF needed more than ${error.options.jobMemoryMb} MB`;
    throw new ProtocolError(Codes.fileType, message);
  }
}

/**
 * Every upload of the portal goes through here (protocol.md §6, 10415): the first bytes only
 * choose which parser judges the file; the parser decides. Images come back decoded and encoded
 * again (libvips works in its own threads, off the event loop), PDFs parsed and checked for
 * active content in the worker pool, an SVG (where allowed) drawn into a PNG. The declared name
 * and type play no part.
 */
export async function readUpload(
  workers: WorkerPool,
  bytes: Uint8Array,
  accepted: readonly UploadMime[],
): Promise<StoredFile> {
  if (accepted.includes('application/pdf') && startsWith(bytes, '%PDF-')) {
    return { mime: 'application/pdf', bytes: (await checkPdfInWorker(workers, bytes)).bytes };
  }
  const images = accepted.filter((mime): mime is ImageMime => mime === 'image/png' || mime === 'image/jpeg');
  if (images.length > 0 && (startsWith(bytes, '\x89PNG\r\n\x1a\n') || startsWith(bytes, '\xff\xd8\xff'))) {
    return reencodeImage(bytes, images);
  }
  if (accepted.includes('image/svg+xml')) return { mime: 'image/png', bytes: await rasteriseSvg(bytes) };
  throw new ProtocolError(Codes.fileType);
}
