import { StandardFonts, rgb, type PDFDocument, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import type { ClinicLogo, DocumentEvent, DocumentLanguage } from '@portal/protocol';
import { embedCjkSubset } from '../../lib/pdf-cjk-font.ts';
import { isWinAnsi, winAnsiSafe } from './pdf-text.ts';

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
  /** A caregiver signed for the patient (decision 0023): the patient's name and the grant. */
  representativeOf?: { patientName: string; grantId: string };
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

type LineStyle = { size?: number; bold?: boolean; grey?: boolean; indent?: number };

interface Fonts {
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
class PageWriter {
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
  const lines = certificateLines(info);
  const wide = lines.flatMap((line) => (typeof line !== 'number' && !isWinAnsi(line[0]) ? [line[0]] : []));
  const w = new PageWriter(doc, {
    plain: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    wide: wide.length > 0 ? await embedCjkSubset(doc, wide.join('')) : undefined,
  });
  const logo = await embedLogo(doc, info.clinicLogo);
  if (logo) {
    w.image(logo, 40);
    w.gap(6);
  }
  for (const line of lines) {
    if (typeof line === 'number') w.gap(line);
    else w.line(...line);
  }
}

/**
 * The representative's words, in English and, for a Chinese edition, in Chinese too: the page
 * is the evidence the patient's side reads as well.
 */
function representativeLines(info: CertificateInfo): [string, LineStyle?][] {
  const of = info.representativeOf;
  if (!of) return [];
  const words: [string, LineStyle?][] = [
    [
      `Signed by ${info.signerName} as authorised representative of ${of.patientName} (grant ${of.grantId})`,
      { bold: true },
    ],
  ];
  if (info.edition === 'cn') {
    words.push([`由 ${info.signerName} 作为 ${of.patientName} 的授权代表签署（授权编号 ${of.grantId}）`]);
  }
  return words;
}

/** The page's lines in order, a number being a gap in points; known before drawing, so the fonts can be cut to them. */
function certificateLines(info: CertificateInfo): (number | [string, LineStyle?])[] {
  const heading = (text: string): [string, LineStyle] => [text, { size: 11, bold: true }];
  return [
    ['Audit certificate', { size: 18, bold: true }],
    [`${info.clinic} patient portal`, { grey: true }],
    12,
    heading('Document'),
    [info.title],
    [`Template version ${info.templateVersion}, ${EDITION_NAMES[info.edition]} edition (${info.edition})`],
    8,
    heading('Signer'),
    [`Name: ${info.signerName}`],
    [`E-mail: ${info.signerEmail}`],
    ...representativeLines(info),
    [`IP address: ${info.ip ?? 'unknown'}`],
    [`User agent: ${info.userAgent ?? 'unknown'}`],
    8,
    heading('Consent given'),
    [info.consentText],
    8,
    heading('History (times in UTC)'),
    ...info.events.flatMap((event): [string, LineStyle?][] => {
      const move =
        event.from_status && event.to_status ? ` (${event.from_status} -> ${event.to_status})` : '';
      const by = event.on_behalf_by ? ` by ${event.on_behalf_by} as authorised representative` : '';
      const line: [string] = [`${utc(event.at)}  ${event.actor}: ${event.action}${move}${by}`];
      if (!event.ip && !event.user_agent) return [line];
      return [
        line,
        [
          `from ${event.ip ?? 'unknown address'}, ${event.user_agent ?? 'unknown user agent'}`,
          { grey: true, indent: 12 },
        ],
      ];
    }),
    8,
    heading('Integrity'),
    [`SHA-256 of the original document: ${info.originalSha256}`],
    [`SHA-256 of the signed document: ${info.stampedSha256}`],
    [
      'The signed-document hash is computed over the document with the signature stamped into its fields, ' +
        'before this certificate page was added and before the digital signature was applied. ' +
        `The whole file, this page included, is then digitally signed (PAdES, PKCS#7 detached) with the certificate "${info.certificateName}"; ` +
        'any later change to the file invalidates that signature.',
      { grey: true },
    ],
  ];
}
