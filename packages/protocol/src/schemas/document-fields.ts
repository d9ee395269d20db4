import { z } from 'zod';

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
