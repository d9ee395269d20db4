import { PDFDocument, type PDFPage } from 'pdf-lib';
import type { PageBox } from '@portal/protocol';

/**
 * The box the editor draws fields on: pdf.js's viewport at scale 1, which is the crop box
 * clipped to the media box, turned a quarter when the page is rotated by 90 or 270 degrees.
 */
export function pageBoxOf(page: PDFPage): PageBox {
  const media = page.getMediaBox();
  const crop = page.getCropBox();
  const width = Math.min(crop.x + crop.width, media.x + media.width) - Math.max(crop.x, media.x);
  const height = Math.min(crop.y + crop.height, media.y + media.height) - Math.max(crop.y, media.y);
  const quarterTurned = Math.abs(page.getRotation().angle) % 180 === 90;
  return quarterTurned ? { width: height, height: width } : { width, height };
}

/**
 * The page boxes of a PDF the portal stored (checked at upload, so it parses), as a worker job:
 * parsing a large PDF would hold the event loop.
 */
export async function pageBoxesOfPdf(bytes: Uint8Array): Promise<PageBox[]> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  return doc.getPages().map(pageBoxOf);
}
