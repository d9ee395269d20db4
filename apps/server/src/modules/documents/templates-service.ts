import { eq, inArray } from 'drizzle-orm';
import {
  Codes,
  MAX_DOCUMENT_BYTES,
  ProtocolError,
  type DocumentField,
  type DocumentTemplate,
  type templateUploadRequest,
} from '@portal/protocol';
import type { z } from 'zod';
import { checkPdf } from '../../lib/files/pdf-file.ts';
import type { AppContext, RequestMeta } from '../../context.ts';
import { documentFiles, documentTemplates } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import { storeDocumentFile } from './file-store.ts';
import { findTemplate } from './queries.ts';
import { templateView } from './views.ts';

export async function uploadTemplate(
  ctx: AppContext,
  adminId: string,
  input: z.output<typeof templateUploadRequest>,
  meta: RequestMeta,
): Promise<DocumentTemplate> {
  // base64 holds 3 bytes per 4 characters: refuse before decoding anything too large.
  if ((input.pdf_base64.length / 4) * 3 - 2 > MAX_DOCUMENT_BYTES) throw new ProtocolError(Codes.tooLarge);
  const upload = Buffer.from(input.pdf_base64, 'base64');
  if (upload.length > MAX_DOCUMENT_BYTES) throw new ProtocolError(Codes.tooLarge);
  // What is stored is pdf-lib's copy of what it parsed: the pages stamped later are these.
  const { doc, bytes } = await checkPdf(upload);
  const pageCount = doc.getPageCount();
  return ctx.db.transaction(async (tx) => {
    const file = await storeDocumentFile(ctx, tx, bytes, 'application/pdf');
    const [template] = await tx
      .insert(documentTemplates)
      .values({
        kind: input.kind,
        title: input.title,
        description: input.description,
        fileId: file.id,
        pageCount,
        createdBy: adminId,
        createdAt: ctx.now(),
        updatedAt: ctx.now(),
      })
      .returning();
    await recordAudit(tx, meta, {
      action: 'document.template.upload',
      outcome: 'success',
      actorId: adminId,
      target: `document_templates:${template!.id}`,
      detail: { kind: input.kind, size: file.size },
    });
    return templateView(template!, file);
  });
}

export async function listTemplates(ctx: AppContext): Promise<DocumentTemplate[]> {
  const templates = await ctx.db.select().from(documentTemplates).orderBy(documentTemplates.createdAt);
  if (templates.length === 0) return [];
  const files = await ctx.db
    .select({ id: documentFiles.id, size: documentFiles.size, sha256: documentFiles.sha256 })
    .from(documentFiles)
    .where(
      inArray(
        documentFiles.id,
        templates.map((t) => t.fileId),
      ),
    );
  const fileById = new Map(files.map((f) => [f.id, f]));
  return templates.map((t) => templateView(t, fileById.get(t.fileId)!));
}

export async function setTemplateFields(
  ctx: AppContext,
  adminId: string,
  id: string,
  fields: DocumentField[],
  meta: RequestMeta,
): Promise<DocumentTemplate> {
  const template = await findTemplate(ctx.db, id);
  if (!template) throw new ProtocolError(Codes.itemsNotFound);
  const outside = fields.findIndex((field) => field.page > template.pageCount);
  if (outside >= 0) {
    throw new ProtocolError(Codes.validation, undefined, [
      { path: `fields.${outside}.page`, message: `The document has ${template.pageCount} page(s)` },
    ]);
  }
  return ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(documentTemplates)
      .set({ fields, updatedAt: ctx.now() })
      .where(eq(documentTemplates.id, id))
      .returning();
    const [file] = await tx.select().from(documentFiles).where(eq(documentFiles.id, template.fileId));
    await recordAudit(tx, meta, {
      action: 'document.template.fields',
      outcome: 'success',
      actorId: adminId,
      target: `document_templates:${id}`,
      detail: { fields: fields.length },
    });
    return templateView(updated!, file!);
  });
}
