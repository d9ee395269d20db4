import { and, eq } from 'drizzle-orm';
import {
  Codes,
  DOCUMENT_CONFLICTS,
  ProtocolError,
  type DocumentField,
  type DocumentTemplate,
} from '@portal/protocol';
import type { AppContext, RequestMeta } from '../../context.ts';
import { documentAssignments, documentTemplateEditions, documentTemplates } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import { lockTemplate } from './assign-documents.ts';
import { findPublished } from './document-queries.ts';
import { checkFieldsOnPages, storedPageBoxes } from './template-editing.ts';
import { viewsOf } from './list-templates.ts';

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
    checkFieldsOnPages(fields, await storedPageBoxes(ctx, tx, published.gb.fileId));
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
