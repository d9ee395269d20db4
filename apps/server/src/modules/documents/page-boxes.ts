import { PDFDocument, type PDFPage } from 'pdf-lib';
import type { PageBox } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { loadDocumentFile } from './file-store.ts';

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

/** The page boxes of a stored edition's PDF (one checked at upload, so it parses). */
export async function storedPageBoxes(ctx: AppContext, db: Queryable, fileId: string): Promise<PageBox[]> {
  const { bytes } = await loadDocumentFile(ctx, db, fileId);
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  return doc.getPages().map(pageBoxOf);
}
