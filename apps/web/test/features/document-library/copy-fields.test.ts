import { describe, expect, test } from 'vitest';
import { fieldsOffTheirPages, type DocumentField } from '@portal/protocol';
import { copyFields } from '../../../src/features/document-library/copy-fields.ts';

// pdf.js's page boxes: A4 and US Letter in points.
const A4 = { width: 595.276, height: 841.89 };
const LETTER = { width: 612, height: 792 };

describe('copying fields from the other edition', () => {
  test('scales each field by its page box, so it keeps its place relative to the page', () => {
    const fields: DocumentField[] = [
      { kind: 'signature', page: 1, x: 306, y: 396, width: 180, height: 40 },
      { kind: 'text', page: 2, x: 0, y: 0, width: 612, height: 20, prefill: 'date_of_birth' },
    ];
    const { fields: copied, skipped } = copyFields(fields, [LETTER, LETTER], [A4, A4]);
    expect(skipped).toBe(0);
    expect(copied[0]).toEqual({
      kind: 'signature',
      page: 1,
      x: 297.64,
      y: 420.95,
      width: 175.08,
      height: 42.52,
    });
    // Kind, page and prefill travel with the box; a full-width box stays full width.
    expect(copied[1]).toEqual({
      kind: 'text',
      page: 2,
      x: 0,
      y: 0,
      width: 595.28,
      height: 21.26,
      prefill: 'date_of_birth',
    });
    expect(fieldsOffTheirPages(copied, [A4, A4])).toEqual([]);
  });

  test('scales each page by its own box when the pages of an edition differ', () => {
    const landscape = { width: 841.89, height: 595.276 };
    const fields: DocumentField[] = [
      { kind: 'date', page: 1, x: 100, y: 100, width: 100, height: 20 },
      { kind: 'date', page: 2, x: 100, y: 100, width: 100, height: 20 },
    ];
    const { fields: copied } = copyFields(fields, [LETTER, LETTER], [LETTER, landscape]);
    expect(copied[0]).toMatchObject({ x: 100, y: 100, width: 100, height: 20 });
    expect(copied[1]).toMatchObject({ x: 137.56, y: 75.16, width: 137.56, height: 15.03 });
  });

  test('skips fields on pages this edition does not have, and says how many', () => {
    const fields: DocumentField[] = [1, 2, 3, 3].map((page) => ({
      kind: 'initials',
      page,
      x: 10,
      y: 10,
      width: 60,
      height: 30,
    }));
    const { fields: copied, skipped } = copyFields(fields, [A4, A4, A4], [A4, A4]);
    expect(copied.map((f) => f.page)).toEqual([1, 2]);
    expect(skipped).toBe(2);
  });

  test('keeps every copied field within its page box, whatever the rounding', () => {
    const fields: DocumentField[] = [
      { kind: 'name', page: 1, x: 452, y: 772, width: 160, height: 20 },
      { kind: 'signature', page: 1, x: 0.01, y: 751.99, width: 611.99, height: 40.01 },
    ];
    const { fields: copied } = copyFields(fields, [LETTER], [A4]);
    expect(fieldsOffTheirPages(copied, [A4])).toEqual([]);
  });
});
