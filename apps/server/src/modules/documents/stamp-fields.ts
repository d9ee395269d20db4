import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { DocumentSignature, SigningField } from '@portal/protocol';
import { embedCjkSubset } from '../../lib/pdf-cjk-font.ts';
import { isWinAnsi } from '../../lib/pdf/pdf-text.ts';

export interface StampInput {
  original: Uint8Array;
  /** Prefilled text fields carry their value. */
  fields: readonly SigningField[];
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

/** What a field other than a drawn signature shows, and whether in the script face. */
function fieldText(field: SigningField, input: StampInput): { text: string; script: boolean } {
  switch (field.kind) {
    case 'signature':
      return { text: input.signature.kind === 'typed' ? input.signature.text : '', script: true };
    case 'initials':
      return { text: initialsOf(input.signerName), script: true };
    case 'date':
      return { text: input.signedAt.toISOString().slice(0, 10), script: false };
    case 'name':
      return { text: input.signerName, script: false };
    case 'text':
      return { text: field.value ?? '', script: false };
  }
}

/**
 * Draws the signature (image or typed name), the date, the initials, the signer's name and the
 * prefilled texts into the edition's fields, in Helvetica, or in a subset of Noto Sans SC for a
 * text Helvetica cannot show (a name in Chinese). Fields on pages the PDF lacks are skipped: the
 * certificate page still records the act.
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
  const texts = input.fields.map((field) => fieldText(field, input));
  const wide = texts.filter(({ text }) => !isWinAnsi(text)).map(({ text }) => text);
  const cjk = wide.length > 0 ? await embedCjkSubset(doc, wide.join('')) : undefined;

  input.fields.forEach((field, i) => {
    const page = pages[field.page - 1];
    if (!page) return;
    const box = { x: field.x, y: field.y, width: field.width, height: field.height };
    if (field.kind === 'signature' && image) {
      const scale = Math.min(box.width / image.width, box.height / image.height);
      page.drawImage(image, { x: box.x, y: box.y, width: image.width * scale, height: image.height * scale });
      return;
    }
    const { text, script: inScript } = texts[i]!;
    if (!text) return;
    const font = cjk && !isWinAnsi(text) ? cjk : inScript ? script : plain;
    const size = Math.min(box.height * 0.7, 24);
    const fitted = Math.min(size, (size * box.width) / Math.max(font.widthOfTextAtSize(text, size), 1));
    page.drawText(text, { x: box.x + 2, y: box.y + box.height * 0.25, size: fitted, font, color: INK });
  });
  return doc;
}
