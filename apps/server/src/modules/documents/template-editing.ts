import { eq } from 'drizzle-orm';
import { Codes, ProtocolError, type DocumentField, type TemplateDetail } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { documentTemplates } from '../../db/schema/index.ts';
import { lockTemplate } from './assign-documents.ts';
import { findTemplate } from './document-queries.ts';
import { loadTemplateDetails } from './library-queries.ts';

/** 10400 for a field on a page the edition lacks. */
export function checkFieldPages(fields: readonly DocumentField[], pageCount: number): void {
  const outside = fields.findIndex((field) => field.page > pageCount);
  if (outside >= 0) {
    throw new ProtocolError(Codes.validation, undefined, [
      { path: `fields.${outside}.page`, message: `The document has ${pageCount} page(s)` },
    ]);
  }
}

/** Locks the template for the change (10404 if there is none) and bumps its change time. */
export async function lockForEdit(ctx: AppContext, tx: Transaction, id: string) {
  if (!(await findTemplate(tx, id))) throw new ProtocolError(Codes.itemsNotFound);
  await lockTemplate(tx, id);
  await tx.update(documentTemplates).set({ updatedAt: ctx.now() }).where(eq(documentTemplates.id, id));
}

/** The template as the editor shows it after a change, read in the change's transaction. */
export async function detailIn(tx: Transaction, id: string): Promise<TemplateDetail> {
  return (await loadTemplateDetails(tx, [id]))[0]!;
}
