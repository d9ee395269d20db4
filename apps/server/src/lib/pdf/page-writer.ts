import { StandardFonts, rgb, type PDFDocument, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import { embedCjkSubset } from '../pdf-cjk-font.ts';
import { isWinAnsi, winAnsiSafe } from './pdf-text.ts';

export const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const GREY = rgb(0.35, 0.35, 0.35);

export type LineStyle = { size?: number; bold?: boolean; grey?: boolean; indent?: number };

export interface Fonts {
  plain: PDFFont;
  bold: PDFFont;
  /** Noto Sans SC cut to the page's own characters, for a line Helvetica cannot show (a Chinese name). */
  wide: PDFFont | undefined;
}

/**
 * Writes a line in Helvetica when it can show it, else in the wide font; a character neither
 * has is written as its code point (winAnsiSafe's form), so the evidence stays exact.
 */
function fontFor(text: string, style: LineStyle, fonts: Fonts): { font: PDFFont; text: string } {
  if (isWinAnsi(text) || !fonts.wide) {
    return { font: style.bold ? fonts.bold : fonts.plain, text: winAnsiSafe(text) };
  }
  const shown = new Set(fonts.wide.getCharacterSet());
  const safe = [...text]
    .map((char) => {
      const code = char.codePointAt(0)!;
      return shown.has(code) ? char : `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`;
    })
    .join('');
  return { font: fonts.wide, text: safe };
}

/** A cursor that writes wrapped lines downwards and starts a new page when one fills up. */
export class PageWriter {
  #page: PDFPage;
  #y = A4[1] - MARGIN;
  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
  ) {
    this.#page = doc.addPage(A4);
  }

  line(line: string, opts: LineStyle = {}) {
    const size = opts.size ?? 9;
    const { font, text } = fontFor(line, opts, this.fonts);
    const width = A4[0] - 2 * MARGIN - (opts.indent ?? 0);
    for (const part of wrap(text, font, size, width)) {
      if (this.#y < MARGIN + size) {
        this.#page = this.doc.addPage(A4);
        this.#y = A4[1] - MARGIN;
      }
      this.#y -= size * 1.35;
      this.#page.drawText(part, {
        x: MARGIN + (opts.indent ?? 0),
        y: this.#y,
        size,
        font,
        color: opts.grey ? GREY : rgb(0, 0, 0),
      });
    }
  }

  /** An image fitted into a box of the given height, its width following its aspect ratio. */
  image(image: PDFImage, height: number) {
    const scaled = image.scaleToFit(A4[0] - 2 * MARGIN, height);
    this.#y -= scaled.height;
    this.#page.drawImage(image, { x: MARGIN, y: this.#y, width: scaled.width, height: scaled.height });
  }

  gap(points = 8) {
    this.#y -= points;
  }
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/)) {
    const candidate = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width || !current) {
      current = candidate;
    } else {
      lines.push(current);
      current = word;
    }
    // A single unbreakable token (a hash, a user agent) is cut by characters.
    while (font.widthOfTextAtSize(current, size) > width && current.length > 1) {
      let cut = current.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(current.slice(0, cut), size) > width) cut--;
      lines.push(current.slice(0, cut));
      current = current.slice(cut);
    }
  }
  if (current) lines.push(current);
  return lines;
}

/** A line of a page, or a number: a gap in points. */
export type PageLine = number | [string, LineStyle?];

/**
 * A writer on a new A4 page whose fonts cover `lines`: Helvetica, and Noto Sans SC cut to the
 * lines Helvetica cannot show (a Chinese name), known before drawing so the font can be cut.
 */
export async function pageWriterFor(doc: PDFDocument, lines: readonly PageLine[]): Promise<PageWriter> {
  const wide = lines.flatMap((line) => (typeof line !== 'number' && !isWinAnsi(line[0]) ? [line[0]] : []));
  return new PageWriter(doc, {
    plain: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    wide: wide.length > 0 ? await embedCjkSubset(doc, wide.join('')) : undefined,
  });
}
