import { afterAll, describe, expect, it } from 'vitest';
import { PDFDocument, PDFName } from 'pdf-lib';
import sharp from 'sharp';
import { Codes, ProtocolError } from '@portal/protocol';
import { makePdf, makeSignaturePng } from '../../../testing/documents.ts';
import * as hostile from '../../../testing/hostile-files.ts';
import { LOGO_RASTER_HEIGHT } from '../../../src/lib/files/svg-file.ts';
import { readUpload as readUploadIn, type UploadMime } from '../../../src/lib/files/uploaded-file.ts';
import { WorkerPool } from '../../../src/lib/worker-pool/worker-pool.ts';

// The pool the portal would use, with its default limits: PDFs are parsed in its threads.
const workers = new WorkerPool({ threads: 1, queue: 16, jobSeconds: 15, jobMemoryMb: 512 });
afterAll(() => workers.close());
const readUpload = (bytes: Uint8Array, accepted: readonly UploadMime[]) =>
  readUploadIn(workers, bytes, accepted);

const CARD: UploadMime[] = ['image/png', 'image/jpeg', 'application/pdf'];
const LOGO: UploadMime[] = ['image/png', 'image/jpeg', 'image/svg+xml'];

async function refusal(bytes: Buffer, accepted = CARD): Promise<number | undefined> {
  try {
    await readUpload(bytes, accepted);
    return undefined;
  } catch (error) {
    if (error instanceof ProtocolError) return error.code;
    throw error;
  }
}

describe('uploads judged by the libraries that parse them', () => {
  it('re-encode a photo: GPS and every other EXIF field gone, the orientation applied to the pixels', async () => {
    const photo = await hostile.jpegWithGps();
    const before = await sharp(photo).metadata();
    expect(before.exif?.toString('latin1')).toContain('PhoneMaker');
    expect([before.width, before.height, before.orientation]).toEqual([40, 20, 6]);

    const stored = await readUpload(photo, CARD);
    const after = await sharp(stored.bytes).metadata();
    expect(stored.mime).toBe('image/jpeg');
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect([after.width, after.height]).toEqual([20, 40]);
    expect(stored.bytes.includes(Buffer.from('PhoneMaker'))).toBe(false);
  });

  it('keep a PNG a PNG, re-encoded', async () => {
    const stored = await readUpload(makeSignaturePng(), CARD);
    expect(stored.mime).toBe('image/png');
    expect((await sharp(stored.bytes).metadata()).format).toBe('png');
  });

  it('refuse with 10415 the PNG signature before a script, a decompression bomb, a type not accepted', async () => {
    expect(await refusal(hostile.pngSignatureWithScript())).toBe(Codes.fileType);
    expect(await refusal(hostile.pngBomb())).toBe(Codes.fileType);
    expect(await refusal(makeSignaturePng(), ['image/jpeg', 'application/pdf'])).toBe(Codes.fileType);
    expect(await refusal(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), LOGO)).toBe(Codes.fileType);
    expect(await refusal(await hostile.jpegWithGps(), ['application/pdf'])).toBe(Codes.fileType);
  });

  it('store a plain PDF as pdf-lib serialised it, dropping what trails the document', async () => {
    const pdf = Buffer.from(await makePdf(2));
    const trailing = Buffer.concat([pdf, Buffer.from('\n<html><script>alert(1)</script></html>')]);
    const stored = await readUpload(trailing, CARD);
    expect(stored.mime).toBe('application/pdf');
    expect(stored.bytes.includes(Buffer.from('<script>'))).toBe(false);
    expect((await PDFDocument.load(stored.bytes)).getPageCount()).toBe(2);
  });

  it('refuse a web page that starts with %PDF- and every kind of active PDF, however it is serialised', async () => {
    expect(await refusal(hostile.htmlStartingWithPdf())).toBe(Codes.fileType);
    for (const serialisation of Object.keys(hostile.PDF_SERIALISATIONS) as hostile.PdfSerialisation[]) {
      for (const kind of hostile.ACTIVE_PDF_KINDS) {
        expect([serialisation, kind, await refusal(await hostile.activePdf(kind, serialisation))]).toEqual([
          serialisation,
          kind,
          10415,
        ]);
      }
    }
  });

  it('find nothing of a packed PDF by searching its bytes: its objects sit in compressed streams', async () => {
    const packed = await hostile.activePdf('open-action-web-page', 'object streams');
    expect(packed.includes(Buffer.from('/Type /ObjStm'))).toBe(true);
    expect(packed.includes(Buffer.from('/Type /XRef'))).toBe(true);
    expect(packed.includes(Buffer.from('trailer'))).toBe(false);
    expect(packed.includes(Buffer.from('OpenAction'))).toBe(false);
    expect(packed.includes(Buffer.from('evil.example'))).toBe(false);
  });

  it('keep jumps within the document, links to web pages and mail addresses, in either serialisation', async () => {
    for (const serialisation of Object.keys(hostile.PDF_SERIALISATIONS) as hostile.PdfSerialisation[]) {
      const stored = await readUpload(await hostile.pdfWithPlainJumpsAndLinks(serialisation), CARD);
      const doc = await PDFDocument.load(stored.bytes);
      expect([serialisation, stored.mime, doc.getPageCount()]).toEqual([serialisation, 'application/pdf', 1]);
      expect(doc.catalog.has(PDFName.of('OpenAction'))).toBe(true);
      expect(doc.getPage(0).node.Annots()?.size()).toBe(3);
    }
  });

  it('draw every SVG logo payload into a PNG of pixels only, at four times the shown height', async () => {
    for (const [name, payload] of Object.entries(hostile.SVG_LOGO_PAYLOADS)) {
      const stored = await readUpload(payload, LOGO);
      const meta = await sharp(stored.bytes).metadata();
      expect([name, stored.mime, meta.format, meta.height]).toEqual([
        name,
        'image/png',
        'png',
        LOGO_RASTER_HEIGHT,
      ]);
      expect(stored.bytes.includes(Buffer.from('script'))).toBe(false);
      expect(stored.bytes.includes(Buffer.from('<svg'))).toBe(false);
    }
    expect(await refusal(Buffer.from('<html><svg></svg></html>'), LOGO)).toBe(Codes.fileType);
    expect(await refusal(hostile.SVG_LOGO_PAYLOADS['<script>']!, CARD)).toBe(Codes.fileType);
  });
});
