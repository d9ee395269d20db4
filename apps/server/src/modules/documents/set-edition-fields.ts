import { and, eq } from 'drizzle-orm';
import {
  Codes,
  ProtocolError,
  TEMPLATE_PUBLISH_REFUSALS,
  type TemplateDetail,
  type templateEditionFieldsRequest,
} from '@portal/protocol';
import type { z } from 'zod';
import type { AppContext, RequestMeta } from '../../context.ts';
import { documentTemplateEditions } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import { checkFieldsOnPages, detailIn, lockForEdit, storedPageBoxes } from './template-editing.ts';
import { draftFor, findEdition } from './template-versions.ts';

/** Sets the fields of one edition of the draft. */
export async function setEditionFields(
  ctx: AppContext,
  adminId: string,
  input: z.output<typeof templateEditionFieldsRequest>,
  meta: RequestMeta,
): Promise<TemplateDetail> {
  return ctx.db.transaction(async (tx) => {
    await lockForEdit(ctx, tx, input.id);
    const draft = await draftFor(ctx, tx, input.id, adminId);
    const edition = await findEdition(tx, draft.id, input.language);
    if (!edition) {
      throw new ProtocolError(Codes.validation, undefined, [
        { path: 'language', message: TEMPLATE_PUBLISH_REFUSALS.editionWithoutPdf },
      ]);
    }
    checkFieldsOnPages(input.fields, await storedPageBoxes(ctx, tx, edition.fileId));
    await tx
      .update(documentTemplateEditions)
      .set({ fields: input.fields, updatedAt: ctx.now() })
      .where(
        and(
          eq(documentTemplateEditions.versionId, draft.id),
          eq(documentTemplateEditions.language, input.language),
        ),
      );
    await recordAudit(tx, meta, {
      action: 'document.template.fields',
      outcome: 'success',
      actorId: adminId,
      target: `document_templates:${input.id}`,
      detail: { fields: input.fields.length, locale: input.language, version: draft.version },
    });
    return detailIn(tx, input.id);
  });
}
