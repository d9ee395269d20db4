import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import type { DocumentField } from '@portal/protocol';
import { renderScreen } from '../../../testing/render-screen.tsx';
import { FieldEditor } from '../../../src/features/document-library/FieldEditor.tsx';
import type { EditorPage } from '../../../src/features/document-library/pdf-pages.ts';
import '../../../src/features/document-library/document-library.css';

// The placed boxes' pointer targets on a phone (WCAG 2.2, 2.5.8), measured in the browser.

const PAGES: EditorPage[] = [
  { number: 1, size: { width: 612, height: 792 } },
  { number: 2, size: { width: 612, height: 792 } },
];

/** The editor as a page holds it, in a column of a phone's width. */
function Harness({ start, column }: { start: DocumentField[]; column: number }) {
  const [fields, setFields] = useState<DocumentField[]>(start);
  return (
    <div style={{ width: column }}>
      <FieldEditor pages={PAGES} fields={fields} onChange={setFields} />
    </div>
  );
}

describe('placed boxes on a phone', () => {
  // Every kind at its new size, and a box shrunk to the protocol's least (4 points).
  const placed: DocumentField[] = [
    { kind: 'signature', page: 1, x: 50, y: 600, width: 180, height: 40 },
    // Side by side, 10 points apart, as on a form: too close for two small targets.
    { kind: 'date', page: 1, x: 50, y: 500, width: 100, height: 20 },
    { kind: 'initials', page: 1, x: 160, y: 500, width: 60, height: 30 },
    { kind: 'text', page: 1, x: 50, y: 400, width: 4, height: 4 },
    // On the page's bottom-right corner: the grown target stays on the page.
    { kind: 'name', page: 1, x: 608, y: 0, width: 4, height: 4 },
  ];

  test.each([200, 300, 374])(
    'are pointer targets of at least 24 px, drawn at their own size, in a %i px column (cn)',
    async (column) => {
      await page.viewport(390, 844);
      const screen = await renderScreen(<Harness start={placed} column={column} />, { locale: 'cn' });
      const sheet = screen.getByRole('img', { name: '第 1 页，共 2 页' });
      await expect.element(sheet).toBeVisible();
      const pageRect = sheet.element().getBoundingClientRect();
      const scale = pageRect.width / PAGES[0]!.size.width;
      const boxes = [...screen.container.querySelectorAll<HTMLElement>('.field-box')];
      expect(boxes).toHaveLength(placed.length);
      boxes.forEach((box, index) => {
        const target = box.getBoundingClientRect();
        expect(target.width).toBeGreaterThanOrEqual(24);
        expect(target.height).toBeGreaterThanOrEqual(24);
        expect(target.right).toBeLessThanOrEqual(pageRect.right + 0.5);
        expect(target.bottom).toBeLessThanOrEqual(pageRect.bottom + 0.5);
        const frame = box.querySelector('.field-box__frame')!.getBoundingClientRect();
        expect(frame.width).toBeCloseTo(placed[index]!.width * scale, 1);
        expect(frame.height).toBeCloseTo(placed[index]!.height * scale, 1);
        const grip = box.querySelector('.field-box__grip')!.getBoundingClientRect();
        expect([grip.width, grip.height]).toEqual([24, 24]);
      });
    },
  );

  test('a point on the grown target catches the box, and its 24 px corner the grip', async () => {
    await page.viewport(390, 844);
    const screen = await renderScreen(
      <Harness start={[{ kind: 'date', page: 1, x: 50, y: 500, width: 100, height: 20 }]} column={300} />,
    );
    await expect.element(screen.getByRole('img', { name: 'Page 1 of 2' })).toBeVisible();
    const box = screen.container.querySelector<HTMLElement>('.field-box')!;
    box.scrollIntoView({ block: 'center' });
    const target = box.getBoundingClientRect();
    const frame = box.querySelector('.field-box__frame')!.getBoundingClientRect();
    // The drawn box is about 10 px tall here; a point above it, within the target, is still the box.
    expect(frame.height).toBeLessThan(12);
    const above = document.elementFromPoint(target.left + 10, target.top + 1)!;
    expect(above.closest('.field-box')).toBe(box);
    expect(above.closest('.field-box__grip')).toBeNull();
    const corner = document.elementFromPoint(target.right - 22, target.top + 1)!;
    expect(corner.closest('.field-box__grip')).not.toBeNull();
  });
});
