import { crc32, deflateSync } from 'node:zlib';
import type { PDFDict } from 'pdf-lib';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

/**
 * Files an attacker uploads, shared by the file checks' own tests and the attack suite. Each
 * one was stored or served as it came before uploads were parsed (issue 19).
 */

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

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

export type ActivePdf =
  | 'open-action-script'
  | 'page-additional-action'
  | 'document-script'
  | 'embedded-file'
  | 'launch-link'
  | 'javascript-link'
  | 'encrypted';

/** A one-page PDF that parses, carrying one kind of active content. */
export async function activePdf(kind: ActivePdf): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  page.drawText('Consent form', { x: 60, y: 760, size: 16, font });
  const ctx = doc.context;
  const script = () => ctx.obj({ S: 'JavaScript', JS: PDFString.of('app.alert("pwned")') });
  const link = (action: PDFDict) =>
    page.node.set(
      PDFName.of('Annots'),
      ctx.obj([ctx.register(ctx.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 595, 842], A: action }))]),
    );
  switch (kind) {
    case 'open-action-script':
      doc.catalog.set(PDFName.of('OpenAction'), ctx.register(script()));
      break;
    case 'page-additional-action':
      page.node.set(PDFName.of('AA'), ctx.obj({ O: script() }));
      break;
    case 'document-script':
      doc.catalog.set(
        PDFName.of('Names'),
        ctx.obj({ JavaScript: ctx.obj({ Names: [PDFString.of('init'), ctx.register(script())] }) }),
      );
      break;
    case 'embedded-file':
      await doc.attach(Buffer.from('MZ not really a program'), 'invoice.exe', {
        mimeType: 'application/x-msdownload',
      });
      break;
    case 'launch-link':
      link(ctx.obj({ S: 'Launch', F: PDFString.of('cmd.exe') }));
      break;
    case 'javascript-link':
      link(ctx.obj({ S: 'URI', URI: PDFString.of(' java\tscript:alert(1)') }));
      break;
    case 'encrypted':
      // pdf-lib cannot encrypt; a trailer that names an encryption dictionary is what readers go by.
      ctx.trailerInfo.Encrypt = ctx.register(ctx.obj({ Filter: 'Standard', V: 2, R: 3, Length: 128, P: -4 }));
      break;
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** A harmless PDF with a link to a web page: links stay allowed. */
export async function pdfWithWebLink(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const ctx = doc.context;
  const action = ctx.obj({ S: 'URI', URI: PDFString.of('https://clinic.example/leaflet') });
  page.node.set(
    PDFName.of('Annots'),
    ctx.obj([ctx.register(ctx.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 100, 100], A: action }))]),
  );
  return Buffer.from(await doc.save());
}

const svg = (body: string) =>
  Buffer.from(
    `<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="20">${body}<rect width="40" height="20" fill="#1d4ed8"/></svg>`,
  );

/**
 * SVG logos that passed the old regular-expression filter (the first four are issue 19's),
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
