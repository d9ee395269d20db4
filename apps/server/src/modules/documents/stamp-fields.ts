import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { DocumentField, DocumentSignature } from '@portal/protocol';
import { winAnsiSafe } from './pdf-text.ts';

export interface StampInput {
  original: Uint8Array;
  fields: readonly DocumentField[];
  signature: DocumentSignature;
  signerName: string;
  signedAt: Date;
}

const INK = rgb(0.05, 0.15, 0.45);

/** Initials from the signer's name: the first letter of each part. */
const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => [...part][0]!.toUpperCase())
    .join('');

/**
 * Draws the signature (image or typed name), the date and the initials into the template's
 * fields. Fields on pages the PDF lacks are skipped: the certificate page still records the act.
 */
export async function stampFields(input: StampInput): Promise<PDFDocument> {
  const doc = await PDFDocument.load(input.original);
  const pages = doc.getPages();
  const script = await doc.embedFont(StandardFonts.HelveticaOblique);
  const plain = await doc.embedFont(StandardFonts.Helvetica);
  const image =
    input.signature.kind === 'drawn'
      ? await doc.embedPng(Buffer.from(input.signature.png_base64, 'base64'))
      : undefined;
  const typed = input.signature.kind === 'typed' ? winAnsiSafe(input.signature.text) : '';
  const date = input.signedAt.toISOString().slice(0, 10);

  for (const field of input.fields) {
    const page = pages[field.page - 1];
    if (!page) continue;
    const box = { x: field.x, y: field.y, width: field.width, height: field.height };
    if (field.kind === 'signature' && image) {
      const scale = Math.min(box.width / image.width, box.height / image.height);
      page.drawImage(image, { x: box.x, y: box.y, width: image.width * scale, height: image.height * scale });
    } else {
      const text =
        field.kind === 'signature'
          ? typed
          : field.kind === 'date'
            ? date
            : winAnsiSafe(initialsOf(input.signerName));
      const font = field.kind === 'date' ? plain : script;
      const size = Math.min(box.height * 0.7, 24);
      const fitted = Math.min(size, (size * box.width) / Math.max(font.widthOfTextAtSize(text, size), 1));
      page.drawText(text, { x: box.x + 2, y: box.y + box.height * 0.25, size: fitted, font, color: INK });
    }
  }
  return doc;
}
