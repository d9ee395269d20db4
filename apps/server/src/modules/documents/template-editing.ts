import { eq } from 'drizzle-orm';
import {
  Codes,
  fieldsOffTheirPages,
  ProtocolError,
  type DocumentField,
  type PageBox,
  type TemplateDetail,
} from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Queryable, Transaction } from '../../db/database.ts';
import { documentTemplates } from '../../db/schema/index.ts';
import { lockTemplate } from './assign-documents.ts';
import { findTemplate } from './document-queries.ts';
import { loadDocumentFile } from '../../db/document-files.ts';
import { loadTemplateDetails } from './library-queries.ts';
import type { pageBoxesOfPdf } from './page-boxes.ts';

/** 10400 naming every field that does not lie within its page's box (nothing is written). */
export function checkFieldsOnPages(fields: readonly DocumentField[], pages: readonly PageBox[]): void {
  const errors = fieldsOffTheirPages(fields, pages);
  if (errors.length > 0) throw new ProtocolError(Codes.validation, errors[0]!.message, errors);
}

/** The page boxes of an edition's stored PDF, read in the worker pool. */
export async function storedPageBoxes(ctx: AppContext, db: Queryable, fileId: string): Promise<PageBox[]> {
  const { bytes } = await loadDocumentFile(ctx, db, fileId);
  return ctx.workers.run<typeof pageBoxesOfPdf>('pageBoxes', bytes);
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
