import { describe, expect, test } from 'vitest';
import { fieldsOffTheirPages, type DocumentField } from '@portal/protocol';
import {
  dragBy,
  keepOnPage,
  keyChange,
  resizeBy,
} from '../../../src/features/document-library/field-geometry.ts';

// Page sizes as pdf.js reports them: A4 and US Letter in fractional points, a landscape page.
const PAGES = [
  { width: 595.276, height: 841.89 },
  { width: 612, height: 792 },
  { width: 841.89, height: 595.276 },
];
const far = [-20_000, -1, 0, 0.004, 13.337, 415.2761, 590, 14_000];
const sizes = [0, 3.999, 4, 100, 180.005, 595.2761, 900, 14_400];

describe('the editor keeps every field on its page, as the server checks it', () => {
  test('a field placed anywhere, at any size, is kept where the server accepts it', () => {
    for (const [p, page] of PAGES.entries()) {
      for (const x of far)
        for (const y of far)
          for (const width of sizes)
            for (const height of sizes) {
              const field: DocumentField = { kind: 'signature', page: p + 1, x, y, width, height };
              const kept = keepOnPage(field, page);
              expect(fieldsOffTheirPages([kept], PAGES), JSON.stringify(kept)).toEqual([]);
              expect(Math.min(kept.x, kept.y)).toBeGreaterThanOrEqual(0);
            }
    }
  });

  test('dragging, resizing and the arrow keys never push a field off its page', () => {
    const page = PAGES[0]!;
    const start: DocumentField = { kind: 'date', page: 1, x: 495.27, y: 821.89, width: 100, height: 20 };
    const moved = [
      dragBy(start, 5000, -5000, page, 1.5),
      resizeBy(start, 5000, 5000, page, 0.75),
      keyChange(start, { key: 'ArrowRight', shiftKey: true, altKey: false, ctrlKey: false }, page)!,
      keyChange(start, { key: 'ArrowUp', shiftKey: true, altKey: false, ctrlKey: false }, page)!,
      keyChange(start, { key: 'ArrowRight', shiftKey: true, altKey: true, ctrlKey: false }, page)!,
    ];
    expect(fieldsOffTheirPages(moved, PAGES)).toEqual([]);
  });

  test('the server’s check names a field the editor would not make', () => {
    const outside: DocumentField = { kind: 'signature', page: 1, x: 590, y: 10, width: 100, height: 40 };
    expect(fieldsOffTheirPages([outside], PAGES).map((e) => e.path)).toEqual(['fields.0.x']);
  });
});
