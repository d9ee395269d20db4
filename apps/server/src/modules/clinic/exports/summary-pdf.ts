import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { woffToSfnt } from './woff-to-sfnt.ts';

/** One line of the summary; `alert` prints it in red (a severe allergy). */
export interface SummaryLine {
  text: string;
  alert?: boolean;
}

export interface SummarySection {
  heading: string;
  lines: SummaryLine[];
}

export interface SummaryDocument {
  title: string;
  subtitle: string;
  sections: SummarySection[];
  /** Called per page once all are laid out: "Page 1 of 3". */
  pageLabel: (page: number, pages: number) => string;
  /** Document metadata (the PDF's title and language). */
  language: string;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const BODY = 10.5;
const HEADING = 13;
const TITLE = 20;
const LEADING = 1.45;
const INK = rgb(0.11, 0.16, 0.2);
const MUTED = rgb(0.35, 0.4, 0.45);
const ALERT = rgb(0.7, 0.07, 0.07);
const ACCENT = rgb(0.04, 0.37, 0.42);

// Noto Sans SC (SIL Open Font License) covers Latin and simplified Chinese: a name written in
// Chinese prints in either language. Fontsource's one-file subset, as WOFF (fontkit reads it; its WOFF2 would be embedded whole, 4 MB a summary).
const FONT_FILE = '@fontsource/noto-sans-sc/files/noto-sans-sc-chinese-simplified-400-normal.woff';
let fontBytes: Promise<Buffer> | undefined;
const loadFont = () =>
  (fontBytes ??= readFile(createRequire(import.meta.url).resolve(FONT_FILE)).then(woffToSfnt));

/**
 * Text widths from each character's advance, cached: fontkit's full layout of a CJK font costs
 * milliseconds per call, and wrapping measures every word.
 */
function measurer(font: PDFFont) {
  const advance = new Map<string, number>();
  return (text: string, size: number) => {
    let width = 0;
    for (const char of text) {
      let unit = advance.get(char);
      if (unit === undefined) {
        unit = font.widthOfTextAtSize(char, 1000);
        advance.set(char, unit);
      }
      width += unit;
    }
    return (width * size) / 1000;
  };
}

type Measure = ReturnType<typeof measurer>;

/** Splits text into lines that fit `width`: at spaces where there are any, else between characters (CJK). */
function wrap(text: string, measure: Measure, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const token of paragraph.match(/\s*\S+/gu) ?? ['']) {
      const candidate = line + token;
      if (measure(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = token.trimStart();
      // A token wider than the line (a long CJK run) breaks between characters.
      while (measure(line, size) > width) {
        let cut = line.length - 1;
        while (cut > 1 && measure(line.slice(0, cut), size) > width) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line);
  }
  return lines;
}

/** A printable A4 summary: the title, then each section's heading and lines, paged as needed. */
export async function buildSummaryPdf(content: SummaryDocument): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  // Whole, not subset: fontkit's subset of this font drops most glyph outlines (the text still
  // extracts, but prints blank), so the summary carries the font (about 1.6 MB). Without calt
  // and locl, fontkit set Latin digits after a comma or a middle dot in full-width forms; without
  // liga, "fi" and "ff" keep the width they were measured with.
  const font = await doc.embedFont(await loadFont(), {
    subset: false,
    features: { calt: false, locl: false, liga: false },
  });
  const measure = measurer(font);
  doc.setTitle(content.title);
  doc.setLanguage(content.language);
  doc.setCreator('Patient portal');
  const width = A4[0] - 2 * MARGIN;
  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;

  const room = (height: number) => {
    if (y - height >= MARGIN + 20) return;
    page = doc.addPage(A4);
    y = A4[1] - MARGIN;
  };
  const write = (text: string, size: number, color = INK, indent = 0) => {
    for (const line of wrap(text, measure, size, width - indent)) {
      room(size * LEADING);
      y -= size * LEADING;
      page.drawText(line, { x: MARGIN + indent, y, size, font, color });
    }
  };

  write(content.title, TITLE, ACCENT);
  write(content.subtitle, BODY - 1, MUTED);
  for (const section of content.sections) {
    y -= BODY;
    room(HEADING * LEADING + BODY * LEADING * 2);
    write(section.heading, HEADING, ACCENT);
    page.drawLine({
      start: { x: MARGIN, y: y - 3 },
      end: { x: A4[0] - MARGIN, y: y - 3 },
      thickness: 0.6,
      color: ACCENT,
    });
    y -= 4;
    for (const line of section.lines) write(line.text, BODY, line.alert ? ALERT : INK, 8);
  }

  const pages = doc.getPages();
  pages.forEach((p, index) =>
    p.drawText(content.pageLabel(index + 1, pages.length), {
      x: MARGIN,
      y: MARGIN / 2,
      size: 8,
      font,
      color: MUTED,
    }),
  );
  return doc.save();
}
