import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

// Noto Sans SC (SIL Open Font License), Fontsource's one-file simplified-Chinese cut: it covers
// Latin too. pdf-lib's fontkit subsets it wrongly (most glyph outlines dropped: the text
// extracts but prints blank), so HarfBuzz's subsetter cuts it to the characters used and
// pdf-lib embeds that small font whole.
const FONT_FILE = '@fontsource/noto-sans-sc/files/noto-sans-sc-chinese-simplified-400-normal.woff';
const require = createRequire(import.meta.url);
let fontBytes: Promise<Buffer> | undefined;
const loadFont = () => (fontBytes ??= readFile(require.resolve(FONT_FILE)));

/** HarfBuzz's hb-subset through subset-font (CommonJS, untyped): the font cut to the glyphs of `text`. */
const subsetFont = require('subset-font') as (
  font: Uint8Array,
  text: string,
  options: { targetFormat: 'truetype' },
) => Promise<Buffer>;

/** Embeds Noto Sans SC holding only the glyphs of `text` (every string the document will draw). */
export async function embedCjkSubset(doc: PDFDocument, text: string): Promise<PDFFont> {
  const subset = await subsetFont(await loadFont(), text, { targetFormat: 'truetype' });
  doc.registerFontkit(fontkit);
  // Without calt and locl, fontkit sets Latin digits after CJK punctuation in full-width forms.
  return doc.embedFont(subset, { subset: false, features: { calt: false, locl: false, liga: false } });
}
