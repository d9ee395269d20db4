import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { degrees, PDFDocument } from 'pdf-lib';
import { eq } from 'drizzle-orm';
import { ApiError, Codes, type DocumentField, type TemplateDetail } from '@portal/protocol';
import { auditLog, documentTemplateEditions } from '../../../src/db/schema/index.ts';
import { startDocumentsWorld, uploadTemplate, type DocumentsWorld } from '../../../testing/documents.ts';

/** A PDF whose pages have these sizes (points), the second turned a quarter when asked. */
async function pdfOfPages(sizes: [number, number][], { rotateSecond = false } = {}) {
  const doc = await PDFDocument.create();
  sizes.forEach((size, i) => {
    const page = doc.addPage(size);
    if (rotateSecond && i === 1) page.setRotation(degrees(90));
  });
  return doc.save();
}

const A4: [number, number] = [595, 842];
const LANDSCAPE: [number, number] = [842, 595];
const signature = (change: Partial<DocumentField>): DocumentField => ({
  kind: 'signature',
  page: 1,
  x: 60,
  y: 120,
  width: 180,
  height: 40,
  ...change,
});

async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { code: error.code, paths: (error.errors ?? []).map((e) => e.path) };
}

/** What fields an edition holds and how many field saves the audit log has: a refusal changes neither. */
async function storedState(w: DocumentsWorld) {
  const editions = await w.t.portal.ctx.db
    .select({ fields: documentTemplateEditions.fields })
    .from(documentTemplateEditions);
  const saves = await w.t.portal.ctx.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(eq(auditLog.action, 'document.template.fields'));
  return { editions: editions.map((e) => e.fields), saves: saves.length };
}

// Each case: the fields sent, and the field paths the 10400 must name (none: accepted).
const CASES: [string, DocumentField[], string[]][] = [
  ['x far past the page', [signature({ x: 14_000 })], ['fields.0.x']],
  ['x + width past the right edge', [signature({ x: 590, width: 100 })], ['fields.0.x']],
  ['y + height past the top edge', [signature({ y: 820, height: 40 })], ['fields.0.y']],
  [
    'both edges, as the third field',
    [signature({}), signature({}), signature({ x: 500, y: 830 })],
    ['fields.2.x', 'fields.2.y'],
  ],
  ['a page the PDF lacks', [signature({ page: 4 })], ['fields.0.page']],
  [
    'a landscape page’s width on the portrait page',
    [signature({ page: 1, x: 700, width: 100 })],
    ['fields.0.x'],
  ],
  [
    'the rotated page’s stored width as its height',
    [signature({ page: 2, y: 700, height: 100 })],
    ['fields.0.y'],
  ],
  ['touching the right and top edges exactly', [signature({ x: 415, y: 802 })], []],
  ['the landscape page’s own width', [signature({ page: 3, x: 700, width: 100, y: 500, height: 40 })], []],
  ['the rotated page shown landscape', [signature({ page: 2, x: 700, width: 100, y: 500, height: 40 })], []],
];

describe('fields lie within their page', () => {
  let w: DocumentsWorld;
  let published: string;
  let draft: string;

  beforeAll(async () => {
    w = await startDocumentsWorld();
    // Page 1 A4 portrait, page 2 A4 portrait turned a quarter (shown 842 × 595), page 3 landscape.
    const pdf = await pdfOfPages([A4, A4, LANDSCAPE], { rotateSecond: true });
    published = (await uploadTemplate(w.admin, { pdf })).id;
    draft = (
      await w.admin.post<TemplateDetail>(
        '/admin/documents/library/template/',
        {
          kind: 'signature',
          gb: { title: 'Boxes', description: '', pdf_base64: Buffer.from(pdf).toString('base64') },
        },
        { encrypt: true },
      )
    ).id;
  });
  afterAll(() => w.t.close());

  const saves = {
    'template fields': (fields: DocumentField[]) =>
      w.admin.post('/admin/documents/templates/fields/', { id: published, fields }),
    'edition fields': (fields: DocumentField[]) =>
      w.admin.post('/admin/documents/library/fields/', { id: draft, language: 'gb', fields }),
  };

  for (const [route, save] of Object.entries(saves)) {
    it.each(CASES)(`${route}: %s`, async (_, fields, paths) => {
      if (paths.length === 0) {
        await save(fields);
        return;
      }
      const before = await storedState(w);
      expect(await refusal(save(fields))).toEqual({ code: Codes.validation, paths });
      expect(await storedState(w)).toEqual(before);
    });
  }

  it('a new PDF for an edition keeps only the fields that lie within its pages', async () => {
    const inside = signature({ x: 60, y: 100, width: 180, height: 40 });
    const pastNewEdge = signature({ x: 415, y: 802 });
    await saves['edition fields']([inside, pastNewEdge]);
    const a5 = await pdfOfPages([[420, 595]]);
    const detail = await w.admin.post<TemplateDetail>(
      '/admin/documents/library/edition/',
      {
        id: draft,
        language: 'gb',
        title: 'Boxes',
        description: '',
        pdf_base64: Buffer.from(a5).toString('base64'),
      },
      { encrypt: true },
    );
    const gb = detail.versions.find((v) => v.status === 'draft')!.editions.find((e) => e.language === 'gb')!;
    expect(gb.fields).toEqual([inside]);
  });
});
