import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentPdf, TemplateLibrary } from '@portal/protocol';
import type { PortalClient } from '@portal/protocol/testing';
import { portalWithAdmin, type TestPortal } from '../../../testing/test-portal.ts';

const run = promisify(execFile);

/** Dark pixels of page 1 rendered by poppler: glyphs without outlines would leave it blank. */
async function inkOf(file: string): Promise<number> {
  const prefix = `${file}-page`;
  await run('pdftoppm', ['-r', '40', '-gray', '-f', '1', '-l', '1', file, prefix]);
  const pgm = await readFile(`${prefix}-1.pgm`);
  // P5 header: magic, width height, maxval, each on its own line.
  const header = pgm.toString('latin1', 0, 32).split('\n').slice(0, 3).join('\n').length + 1;
  return pgm.subarray(header).filter((value) => value < 128).length;
}

describe('the demo documents in Chinese', () => {
  let t: TestPortal;
  let admin: PortalClient;

  beforeAll(async () => {
    ({ t, admin } = await portalWithAdmin());
  });
  afterAll(() => t.close());

  it('ship cn editions whose text extracts, in a Noto Sans SC subset embedded in the file, that render', async () => {
    const { items } = await admin.get<TemplateLibrary>('/admin/documents/library/');
    const demo = items.filter((item) => item.titles.cn !== null);
    expect(demo.map((item) => item.titles.cn).sort()).toEqual(['家用医疗设备治疗同意书', '隐私确认书']);
    for (const template of demo) {
      const pdf = await admin.get<DocumentPdf>('/admin/documents/library/pdf/', {
        id: template.id,
        version: '1',
        language: 'cn',
      });
      const bytes = Buffer.from(pdf.pdf_base64, 'base64');
      const file = path.join(t.dataDir, `${template.id}-cn.pdf`);
      await writeFile(file, bytes);

      const { stdout: text } = await run('pdftotext', [file, '-']);
      expect(text.replace(/\s/g, '')).toContain(template.titles.cn);
      const { stdout: fonts } = await run('pdffonts', [file]);
      const rows = fonts.split('\n').slice(2).filter(Boolean);
      expect(rows).toHaveLength(1);
      // name, type, encoding, then emb sub uni: embedded, with a ToUnicode map.
      expect(rows[0]).toMatch(/^\S*NotoSansSC\S*\s+CID TrueType\s+Identity-H\s+yes\s+\S+\s+yes/);
      // The whole font is 1.5 MB as WOFF; the glyphs of one page are a few tens of KB.
      expect(bytes.length).toBeLessThan(150_000);
      expect(await inkOf(file)).toBeGreaterThan(2_000);
    }
  });
});
