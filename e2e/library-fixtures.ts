import { writeFileSync } from 'node:fs';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';

/** A one-page A4 consent with a few lines of text, written to `file`. */
export async function writeConsentPdf(file: string, lines: readonly string[]): Promise<string> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  lines.forEach((line, index) => page.drawText(line, { x: 60, y: 760 - index * 24, size: 14, font }));
  writeFileSync(file, await doc.save());
  return file;
}

/** A PDF that runs a script when opened (an /OpenAction of type JavaScript): the upload checks refuse it. */
export async function writeScriptPdf(file: string): Promise<string> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]);
  doc.catalog.set(
    PDFName.of('OpenAction'),
    doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert("hello")') }),
  );
  writeFileSync(file, await doc.save());
  return file;
}

/** Plain text under a .pdf name: the browser's own check lets it by, the server's parse does not. */
export function writeTextAsPdf(file: string): string {
  writeFileSync(file, 'This is a letter, not a PDF.\n');
  return file;
}
