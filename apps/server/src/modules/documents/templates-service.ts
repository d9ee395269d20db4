import { and, eq, inArray } from 'drizzle-orm';
import {
  Codes,
  DOCUMENT_CONFLICTS,
  ProtocolError,
  type DocumentField,
  type DocumentTemplate,
  type templateUploadRequest,
} from '@portal/protocol';
import type { z } from 'zod';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import {
  documentAssignments,
  documentFiles,
  documentTemplateEditions,
  documentTemplates,
} from '../../db/schema/index.ts';
import { recordAudit } from '../audit/audit-service.ts';
import { lockTemplate } from './assign-documents.ts';
import { checkFieldPages } from './library-edit.ts';
import { checkedUpload } from './pdf-upload.ts';
import { findPublished, selectPublished, type PublishedRow } from './queries.ts';
import { insertVersion, writeEdition } from './template-versions.ts';
import { templateView } from './views.ts';

// The quick routes: a template published at once with its gb edition, listed while it can be sent.

async function viewsOf(db: Queryable, rows: PublishedRow[]): Promise<DocumentTemplate[]> {
  if (rows.length === 0) return [];
  const files = await db
    .select({ id: documentFiles.id, size: documentFiles.size, sha256: documentFiles.sha256 })
    .from(documentFiles)
    .where(
      inArray(
        documentFiles.id,
        rows.map((row) => row.gb.fileId),
      ),
    );
  const fileById = new Map(files.map((f) => [f.id, f]));
  return rows.map((row) => templateView(row, fileById.get(row.gb.fileId)!));
}

export async function uploadTemplate(
  ctx: AppContext,
  adminId: string,
  input: z.output<typeof templateUploadRequest>,
  meta: RequestMeta,
): Promise<DocumentTemplate> {
  const pdf = await checkedUpload(input.pdf_base64);
  return ctx.db.transaction(async (tx) => {
    const [template] = await tx
      .insert(documentTemplates)
      .values({ kind: input.kind, createdBy: adminId, createdAt: ctx.now(), updatedAt: ctx.now() })
      .returning();
    const version = await insertVersion(ctx, tx, template!.id, 1, 'published', adminId);
    const { size } = await writeEdition(ctx, tx, version.id, { language: 'gb', ...input, pdf });
    await recordAudit(tx, meta, {
      action: 'document.template.upload',
      outcome: 'success',
      actorId: adminId,
      target: `document_templates:${template!.id}`,
      detail: { kind: input.kind, size },
    });
    return (await viewsOf(tx, [(await findPublished(tx, template!.id))!]))[0]!;
  });
}

/** The templates that can be sent (published, not retired), oldest first. */
export async function listTemplates(ctx: AppContext): Promise<DocumentTemplate[]> {
  return viewsOf(ctx.db, (await selectPublished(ctx.db)) as PublishedRow[]);
}

/** The published version's gb fields, in place while nothing was sent with that version. */
export async function setTemplateFields(
  ctx: AppContext,
  adminId: string,
  id: string,
  fields: DocumentField[],
  meta: RequestMeta,
): Promise<DocumentTemplate> {
  return ctx.db.transaction(async (tx) => {
    const published = await findPublished(tx, id);
    if (!published) throw new ProtocolError(Codes.itemsNotFound);
    await lockTemplate(tx, id);
    const [sent] = await tx
      .select({ id: documentAssignments.id })
      .from(documentAssignments)
      .where(eq(documentAssignments.templateVersionId, published.versionId))
      .limit(1);
    if (sent) throw new ProtocolError(Codes.conflict, DOCUMENT_CONFLICTS.versionInUse);
    checkFieldPages(fields, published.gb.pageCount);
    await tx
      .update(documentTemplateEditions)
      .set({ fields, updatedAt: ctx.now() })
      .where(
        and(
          eq(documentTemplateEditions.versionId, published.versionId),
          eq(documentTemplateEditions.language, 'gb'),
        ),
      );
    await tx.update(documentTemplates).set({ updatedAt: ctx.now() }).where(eq(documentTemplates.id, id));
    await recordAudit(tx, meta, {
      action: 'document.template.fields',
      outcome: 'success',
      actorId: adminId,
      target: `document_templates:${id}`,
      detail: { fields: fields.length },
    });
    return (await viewsOf(tx, [(await findPublished(tx, id))!]))[0]!;
  });
}
