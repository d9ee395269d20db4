import type { PDFDocument, PDFImage } from 'pdf-lib';
import type { ClinicLogo, Locale } from '@portal/protocol';
import { pageWriterFor, type LineStyle, type PageLine } from './page-writer.ts';

/** One line of the history: a document's or an order's event (protocol DocumentEvent fits). */
export interface CertificateEvent {
  at: string;
  action: string;
  actor: string;
  from_status: string | null;
  to_status: string | null;
  ip: string | null;
  user_agent: string | null;
  /** The caregiver who acted as authorised representative. */
  on_behalf_by: string | null;
}

export interface CertificateInfo {
  clinic: string;
  /** Drawn at the top when PDF can embed it (PNG, JPEG); an SVG logo leaves the name alone. */
  clinicLogo: ClinicLogo | null;
  /** The gb title: the page is written in the standard fonts. */
  title: string;
  /** A library document's template version; null for a record the portal wrote (a proof of delivery). */
  templateVersion: number | null;
  /** The language the signer was shown. */
  edition: Locale;
  signerName: string;
  signerEmail: string;
  /** A caregiver signed for the patient (decision 0023): the patient's name and the grant. */
  representativeOf?: { patientName: string; grantId: string };
  ip: string | null;
  userAgent: string | null;
  consentText: string;
  events: readonly CertificateEvent[];
  originalSha256: string;
  stampedSha256: string;
  certificateName: string;
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

const EDITION_NAMES: Record<Locale, string> = { gb: 'English', cn: 'Chinese' };

const utc = (iso: string) => `${iso.replace('T', ' ').slice(0, 19)} UTC`;

/** The audit certificate: who signed what, from where, every event, and the hashes that tie it together. */
export async function appendCertificatePage(doc: PDFDocument, info: CertificateInfo): Promise<void> {
  const lines = certificateLines(info);
  const w = await pageWriterFor(doc, lines);
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
function certificateLines(info: CertificateInfo): PageLine[] {
  const heading = (text: string): [string, LineStyle] => [text, { size: 11, bold: true }];
  return [
    ['Audit certificate', { size: 18, bold: true }],
    [`${info.clinic} patient portal`, { grey: true }],
    12,
    heading('Document'),
    [info.title],
    [
      `${info.templateVersion === null ? '' : `Template version ${info.templateVersion}, `}${EDITION_NAMES[info.edition]} edition (${info.edition})`,
    ],
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
