import { and, eq } from 'drizzle-orm';
import {
  Codes,
  fieldsOffTheirPages,
  ProtocolError,
  TEMPLATE_PUBLISH_REFUSALS,
  type TemplateDetail,
  type templateEditionRequest,
} from '@portal/protocol';
import type { z } from 'zod';
import type { AppContext, RequestMeta } from '../../context.ts';
import { documentTemplateEditions } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import type { pageBoxesOfPdf } from './page-boxes.ts';
import { checkedUpload } from './pdf-upload.ts';
import { detailIn, lockForEdit } from './template-editing.ts';
import { draftFor, findEdition, writeEdition } from './template-versions.ts';

/**
 * Adds or replaces an edition of the draft. A new PDF keeps the fields that still lie within its
 * pages; without one only the texts change.
 */
export async function putEdition(
  ctx: AppContext,
  adminId: string,
  input: z.output<typeof templateEditionRequest>,
  meta: RequestMeta,
): Promise<TemplateDetail> {
  const pdf = input.pdf_base64 === undefined ? undefined : await checkedUpload(ctx.workers, input.pdf_base64);
  const pages = pdf && (await ctx.workers.run<typeof pageBoxesOfPdf>('pageBoxes', pdf.bytes));
  return ctx.db.transaction(async (tx) => {
    await lockForEdit(ctx, tx, input.id);
    const draft = await draftFor(ctx, tx, input.id, adminId);
    const existing = await findEdition(tx, draft.id, input.language);
    if (pdf && pages) {
      const fields = (existing?.fields ?? []).filter(
        (field) => fieldsOffTheirPages([field], pages).length === 0,
      );
      await writeEdition(ctx, tx, draft.id, { ...input, pdf, fields });
    } else if (existing) {
      await tx
        .update(documentTemplateEditions)
        .set({ title: input.title, description: input.description, updatedAt: ctx.now() })
        .where(
          and(
            eq(documentTemplateEditions.versionId, draft.id),
            eq(documentTemplateEditions.language, input.language),
          ),
        );
    } else {
      throw new ProtocolError(Codes.validation, undefined, [
        { path: 'pdf_base64', message: TEMPLATE_PUBLISH_REFUSALS.editionWithoutPdf },
      ]);
    }
    await recordAudit(tx, meta, {
      action: 'document.template.edition',
      outcome: 'success',
      actorId: adminId,
      target: `document_templates:${input.id}`,
      detail: { locale: input.language, version: draft.version, ...(pdf && { size: pdf.bytes.length }) },
    });
    return detailIn(tx, input.id);
  });
}
