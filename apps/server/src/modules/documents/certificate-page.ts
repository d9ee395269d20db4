import { StandardFonts, rgb, type PDFDocument, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import type { ClinicLogo, DocumentEvent, DocumentLanguage } from '@portal/protocol';
import { winAnsiSafe } from './pdf-text.ts';

export interface CertificateInfo {
  clinic: string;
  /** Drawn at the top when PDF can embed it (PNG, JPEG); an SVG logo leaves the name alone. */
  clinicLogo: ClinicLogo | null;
  /** The gb title: the page is written in the standard fonts. */
  title: string;
  templateVersion: number;
  edition: DocumentLanguage;
  signerName: string;
  signerEmail: string;
  ip: string | null;
  userAgent: string | null;
  consentText: string;
  events: readonly DocumentEvent[];
  originalSha256: string;
  stampedSha256: string;
  certificateName: string;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const GREY = rgb(0.35, 0.35, 0.35);

/** A cursor that writes wrapped lines downwards and starts a new page when one fills up. */
class PageWriter {
  #page: PDFPage;
  #y = A4[1] - MARGIN;
  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.#page = doc.addPage(A4);
  }

  line(text: string, opts: { size?: number; bold?: boolean; grey?: boolean; indent?: number } = {}) {
    const size = opts.size ?? 9;
    const font = opts.bold ? this.bold : this.font;
    const width = A4[0] - 2 * MARGIN - (opts.indent ?? 0);
    for (const part of wrap(winAnsiSafe(text), font, size, width)) {
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

/** The logo decorates the page: one pdf-lib cannot decode must not stop a patient's signature. */
async function embedLogo(doc: PDFDocument, logo: ClinicLogo | null): Promise<PDFImage | null> {
  if (!logo) return null;
  const bytes = Buffer.from(logo.content_base64, 'base64');
  try {
    if (logo.mime === 'image/png') return await doc.embedPng(bytes);
    if (logo.mime === 'image/jpeg') return await doc.embedJpg(bytes);
  } catch {
    return null;
  }
  return null;
}

const EDITION_NAMES: Record<DocumentLanguage, string> = { gb: 'English', cn: 'Chinese' };

const utc = (iso: string) => `${iso.replace('T', ' ').slice(0, 19)} UTC`;

/** The audit certificate: who signed what, from where, every event, and the hashes that tie it together. */
export async function appendCertificatePage(doc: PDFDocument, info: CertificateInfo): Promise<void> {
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const w = new PageWriter(doc, font, bold);
  const logo = await embedLogo(doc, info.clinicLogo);
  if (logo) {
    w.image(logo, 40);
    w.gap(6);
  }
  w.line('Audit certificate', { size: 18, bold: true });
  w.line(`${info.clinic} patient portal`, { grey: true });
  w.gap(12);
  w.line('Document', { size: 11, bold: true });
  w.line(info.title);
  w.line(
    `Template version ${info.templateVersion}, ${EDITION_NAMES[info.edition]} edition (${info.edition})`,
  );
  w.gap();
  w.line('Signer', { size: 11, bold: true });
  w.line(`Name: ${info.signerName}`);
  w.line(`E-mail: ${info.signerEmail}`);
  w.line(`IP address: ${info.ip ?? 'unknown'}`);
  w.line(`User agent: ${info.userAgent ?? 'unknown'}`);
  w.gap();
  w.line('Consent given', { size: 11, bold: true });
  w.line(info.consentText);
  w.gap();
  w.line('History (times in UTC)', { size: 11, bold: true });
  for (const event of info.events) {
    const move = event.from_status && event.to_status ? ` (${event.from_status} -> ${event.to_status})` : '';
    w.line(`${utc(event.at)}  ${event.actor}: ${event.action}${move}`);
    if (event.ip || event.user_agent) {
      w.line(`from ${event.ip ?? 'unknown address'}, ${event.user_agent ?? 'unknown user agent'}`, {
        grey: true,
        indent: 12,
      });
    }
  }
  w.gap();
  w.line('Integrity', { size: 11, bold: true });
  w.line(`SHA-256 of the original document: ${info.originalSha256}`);
  w.line(`SHA-256 of the signed document: ${info.stampedSha256}`);
  w.line(
    'The signed-document hash is computed over the document with the signature stamped into its fields, ' +
      'before this certificate page was added and before the digital signature was applied. ' +
      `The whole file, this page included, is then digitally signed (PAdES, PKCS#7 detached) with the certificate "${info.certificateName}"; ` +
      'any later change to the file invalidates that signature.',
    { grey: true },
  );
}
