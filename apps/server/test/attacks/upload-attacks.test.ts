import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import type { DocumentDetail, PublicConfig, SettingsView } from '@portal/protocol';
import type { PortalClient, PortalResponse } from '@portal/protocol/testing';
import { settings } from '../../src/db/schema/index.ts';
import { LOGO_KEY } from '../../src/modules/settings/settings-queries.ts';
import { makePdf } from '../../testing/documents.ts';
import { SAMPLE_COVERAGE } from '../../testing/intake-samples.ts';
import {
  ACTIVE_PDF_KINDS,
  activePdf,
  htmlStartingWithPdf,
  jpegWithGps,
  PDF_SERIALISATIONS,
  pdfWithPlainJumpsAndLinks,
  pngBomb,
  pngSignatureWithScript,
  SVG_LOGO_PAYLOADS,
  type PdfSerialisation,
} from '../../testing/hostile-files.ts';
import {
  expectNoSecretsInLogs,
  recordsFingerprint,
  startSecurityWorld,
  type SecurityWorld,
} from '../../testing/attacks.ts';

/**
 * Hostile files through every upload route of the real API. A refused
 * upload answers 10415 'File type is incorrect' and changes no record; an accepted one is stored
 * as the parser re-made it.
 */
let world: SecurityWorld;
beforeAll(async () => {
  world = await startSecurityWorld();
  await world.a.client.post('/patient/insurance/', { version: 0, value: SAMPLE_COVERAGE }, { encrypt: true });
}, 120_000);
afterAll(async () => {
  expectNoSecretsInLogs(world);
  await world.t.close();
});

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const sealed = (client: PortalClient, path: string, body: unknown) =>
  client.send({ method: 'POST', path, body, encrypt: true });

/** Every route that takes a file, with the types it accepts. */
const ROUTES = {
  'insurance card': (bytes: Buffer) =>
    sealed(world.a.client, '/patient/insurance/card/', {
      insurance_type: SAMPLE_COVERAGE.insurance_type,
      side: 'front',
      content_base64: b64(bytes),
    }),
  'patient message attachment': (bytes: Buffer) =>
    sealed(world.a.client, '/patient/messages/', {
      text: 'See the file',
      attachment: { name: 'scan.pdf', content_base64: b64(bytes) },
    }),
  'clinic template': (bytes: Buffer) =>
    sealed(world.admin, '/admin/documents/templates/', {
      kind: 'reference',
      title: 'Leaflet',
      pdf_base64: b64(bytes),
    }),
  'library template': (bytes: Buffer) =>
    sealed(world.admin, '/admin/documents/library/template/', {
      kind: 'signature',
      gb: { title: 'Consent', pdf_base64: b64(bytes) },
    }),
  'drawn signature': (bytes: Buffer) =>
    sealed(world.a.client, '/patient/sign/', {
      id: world.documentOfA,
      action: 'sign',
      consent: true,
      signature: { kind: 'drawn', png_base64: b64(bytes) },
    }),
  'clinic logo': (bytes: Buffer) =>
    sealed(world.admin, '/admin/settings/', { clinic_logo: { content_base64: b64(bytes) } }),
} satisfies Record<string, (bytes: Buffer) => Promise<PortalResponse>>;
type Route = keyof typeof ROUTES;
/** The routes that take an image. */
const IMAGE_ROUTES = [
  'insurance card',
  'patient message attachment',
  'drawn signature',
  'clinic logo',
] as const satisfies readonly Route[];

/**
 * Each file answers 10415 on `route`, and none of them changed a record. The message is the
 * spec's, followed by the reason where the portal knows one (a PDF that does not end as a PDF).
 */
async function expectRefused(route: Route, files: [what: string, bytes: Buffer][]) {
  const before = await recordsFingerprint(world.t);
  for (const [what, bytes] of files) {
    const answer = await ROUTES[route](bytes);
    expect([route, what, answer.status, answer.body]).toEqual([
      route,
      what,
      415,
      { code: 10415, message: expect.stringMatching(/^File type is incorrect(: .+)?$/) },
    ]);
  }
  expect(await recordsFingerprint(world.t), `${route}: a refused file changed a record`).toBe(before);
}

describe('uploads judged by parsing, not by their first bytes', () => {
  it('refuse the PNG signature followed by a script on every image route', async () => {
    for (const route of IMAGE_ROUTES) {
      await expectRefused(route, [['PNG signature + <script>', pngSignatureWithScript()]]);
    }
  });

  it('refuse a decompression bomb (30000 × 30000 declared in a few hundred bytes)', async () => {
    for (const route of IMAGE_ROUTES) {
      await expectRefused(route, [['decompression bomb', pngBomb()]]);
    }
  });

  it('refuse HTML starting with %PDF- and every active PDF, packed in object streams or not, on every PDF route', async () => {
    const files: [string, Buffer][] = [['HTML starting with %PDF-', htmlStartingWithPdf()]];
    for (const serialisation of Object.keys(PDF_SERIALISATIONS) as PdfSerialisation[]) {
      for (const kind of ACTIVE_PDF_KINDS)
        files.push([`${kind}, ${serialisation}`, await activePdf(kind, serialisation)]);
    }
    for (const route of [
      'insurance card',
      'patient message attachment',
      'clinic template',
      'library template',
    ] as const) {
      await expectRefused(route, files);
    }
  });

  it('store a template that jumps within itself and links to the web, packed in object streams', async () => {
    const answer = await ROUTES['clinic template'](await pdfWithPlainJumpsAndLinks('object streams'));
    expect(answer.status).toBe(200);
    const read = await world.a.client.get<DocumentDetail>('/patient/document/', {
      id: (answer.data as { id: string }).id,
    });
    const stored = await PDFDocument.load(Buffer.from(read.pdf_base64, 'base64'));
    expect(stored.getPage(0).node.Annots()?.size()).toBe(3);
  });

  it('store a photo of a card without its GPS position or any EXIF', async () => {
    const answer = await ROUTES['insurance card'](await jpegWithGps());
    expect(answer.status).toBe(200);
    const card = await world.a.client.get<{ mime: string; content_base64: string }>(
      '/patient/insurance/card/',
      {
        insurance_type: SAMPLE_COVERAGE.insurance_type,
        side: 'front',
      },
    );
    const stored = Buffer.from(card.content_base64, 'base64');
    const meta = await sharp(stored).metadata();
    expect([card.mime, meta.format, meta.exif, meta.width, meta.height]).toEqual([
      'image/jpeg',
      'jpeg',
      undefined,
      20,
      40,
    ]);
  });

  it('store a clinic template as pdf-lib re-wrote it, without what trailed it', async () => {
    const pdf = Buffer.concat([Buffer.from(await makePdf()), Buffer.from('<script>alert(1)</script>')]);
    const answer = await ROUTES['clinic template'](pdf);
    expect(answer.status).toBe(200);
    const template = answer.data as { id: string };
    const read = await world.a.client.get<DocumentDetail>('/patient/document/', { id: template.id });
    const stored = Buffer.from(read.pdf_base64, 'base64');
    expect(stored.includes(Buffer.from('<script>'))).toBe(false);
    // The hash the portal states is the hash of what it stores and serves.
    expect(read.sha256).toBe(createHash('sha256').update(stored).digest('hex'));
  });

  it('serve every SVG logo payload as a PNG of pixels only', async () => {
    for (const [name, svg] of Object.entries(SVG_LOGO_PAYLOADS)) {
      const saved = await ROUTES['clinic logo'](svg);
      expect([name, saved.status, (saved.data as SettingsView).clinic_logo?.mime]).toEqual([
        name,
        200,
        'image/png',
      ]);
      const config = (await (await fetch(`${world.t.baseUrl}/backend/api/v1/public/config/`)).json()) as {
        data: PublicConfig;
      };
      const served = await fetch(`${world.t.baseUrl}/backend/api/v1${config.data.logo_path}`);
      const body = Buffer.from(await served.arrayBuffer());
      expect([name, served.headers.get('content-type'), (await sharp(body).metadata()).format]).toEqual([
        name,
        'image/png',
        'png',
      ]);
      expect(body.includes(Buffer.from('script')) || body.includes(Buffer.from('<svg')), name).toBe(false);
    }
  });

  it('serve a logo stored as SVG before uploads were rasterised as a PNG too', async () => {
    const legacy = SVG_LOGO_PAYLOADS['script in the XHTML namespace']!;
    await world.t.portal.ctx.db
      .insert(settings)
      .values({ key: LOGO_KEY, value: { mime: 'image/svg+xml', content_base64: b64(legacy) } })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: { mime: 'image/svg+xml', content_base64: b64(legacy) } },
      });
    const served = await fetch(`${world.t.baseUrl}/backend/api/v1/public/logo/`);
    const body = Buffer.from(await served.arrayBuffer());
    expect([served.headers.get('content-type'), (await sharp(body).metadata()).format]).toEqual([
      'image/png',
      'png',
    ]);
    expect((await world.admin.get<SettingsView>('/admin/settings/')).clinic_logo?.mime).toBe('image/png');
  });
});
