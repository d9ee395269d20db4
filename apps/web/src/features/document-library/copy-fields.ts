import type { DocumentField } from '@portal/protocol';
import { keepOnPage, type PageSize } from './field-geometry.ts';

export interface CopiedFields {
  fields: DocumentField[];
  /** Fields on pages this edition does not have: left out. */
  skipped: number;
}

/**
 * Another edition's fields on this edition's pages: each page's boxes scaled by the
 * ratio of the two page boxes (A4 and Letter differ), so a box keeps its place relative to the
 * page, then kept whole on the page, as the server requires. Fields on a page beyond this
 * edition's last are skipped.
 */
export function copyFields(
  fields: readonly DocumentField[],
  fromPages: readonly PageSize[],
  toPages: readonly PageSize[],
): CopiedFields {
  const copied: DocumentField[] = [];
  for (const field of fields) {
    const to = toPages[field.page - 1];
    if (!to) continue;
    // A field off its own edition's pages (never saved so) keeps its size in points.
    const from = fromPages[field.page - 1] ?? to;
    const sx = to.width / from.width;
    const sy = to.height / from.height;
    copied.push(
      keepOnPage(
        { ...field, x: field.x * sx, y: field.y * sy, width: field.width * sx, height: field.height * sy },
        to,
      ),
    );
  }
  return { fields: copied, skipped: fields.length - copied.length };
}
