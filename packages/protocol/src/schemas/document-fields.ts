import { z } from 'zod';
import type { FieldError } from '../error-codes.ts';

/** What a box on a page holds: the signer's marks, the signing date, their name, or text they type or that is prefilled. */
export const DocumentFieldKind = z.enum(['signature', 'initials', 'date', 'name', 'text']);
export type DocumentFieldKind = z.infer<typeof DocumentFieldKind>;

/** Where a text field's value comes from: the patient's handed-in intake. */
export const FieldPrefill = z.enum(['full_name', 'date_of_birth', 'address']);
export type FieldPrefill = z.infer<typeof FieldPrefill>;

/** The most fields one edition carries. */
export const MAX_DOCUMENT_FIELDS = 50;

const points = z.number().min(0).max(14_400);

/**
 * A box on a page, in PDF points from the page's bottom-left corner (pdf-lib's coordinates);
 * pages count from 1. `prefill` is for `text` fields only (10400 on any other kind).
 */
export const documentField = z.object({
  kind: DocumentFieldKind,
  page: z.number().int().min(1).max(2_000),
  x: points,
  y: points,
  width: points.min(4),
  height: points.min(4),
  prefill: FieldPrefill.optional(),
});
export type DocumentField = z.infer<typeof documentField>;

/** An edition's fields, checked together: a prefill only on a text field. */
export const documentFields = z
  .array(documentField)
  .max(MAX_DOCUMENT_FIELDS)
  .superRefine((fields, check) => {
    fields.forEach((field, i) => {
      if (field.prefill && field.kind !== 'text') {
        check.addIssue({ code: 'custom', path: [i, 'prefill'], message: 'Only a text field is prefilled' });
      }
    });
  });

/** A page's size in PDF points, as the field editor shows it (pdf.js's viewport at scale 1). */
export interface PageBox {
  width: number;
  height: number;
}

/**
 * The editor rounds x and width (y and height) each to a hundredth of a point, so a field it
 * keeps flush with the page's edge may pass it by up to two hundredths.
 */
const EDITOR_ROUNDING = 0.02;
const hundredths = (points: number) => Math.round(points * 100) / 100;

/**
 * Why fields do not lie within their page (the page they name, x + width within its width,
 * y + height within its height; the schema keeps x and y from going below 0), as field errors
 * naming each (`fields.3.x`). Empty when every field lies on its page. The server refuses such
 * a save with 10400; the editor's clamping never makes one.
 */
export function fieldsOffTheirPages(
  fields: readonly DocumentField[],
  pages: readonly PageBox[],
): FieldError[] {
  return fields.flatMap((field, i): FieldError[] => {
    const page = pages[field.page - 1];
    if (!page) return [{ path: `fields.${i}.page`, message: `The document has ${pages.length} page(s)` }];
    const size = `${hundredths(page.width)} × ${hundredths(page.height)} points`;
    const errors: FieldError[] = [];
    if (field.x + field.width > page.width + EDITOR_ROUNDING) {
      errors.push({
        path: `fields.${i}.x`,
        message: `The field reaches past the right edge of page ${field.page} (${size})`,
      });
    }
    if (field.y + field.height > page.height + EDITOR_ROUNDING) {
      errors.push({
        path: `fields.${i}.y`,
        message: `The field reaches past the top edge of page ${field.page} (${size})`,
      });
    }
    return errors;
  });
}
