import { and, eq } from 'drizzle-orm';
import {
  Codes,
  DOCUMENT_CONFLICTS,
  ProtocolError,
  TEMPLATE_PUBLISH_REFUSALS,
  type FieldError,
  type TemplateDetail,
  type templatePublishRequest,
} from '@portal/protocol';
import type { z } from 'zod';
import type { AppContext, RequestMeta } from '../../context.ts';
import { documentTemplateEditions, documentTemplateVersions } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import { findTemplate } from './document-queries.ts';
import { detailIn, lockForEdit } from './template-editing.ts';
import { templateVersions } from './template-versions.ts';

/**
 * Publishes the draft the editor showed: gb required, and a form for signature needs a
 * signature field in every edition (10400 naming the edition). The published version before
 * it is superseded; documents already sent keep theirs.
 */
export async function publishTemplate(
  ctx: AppContext,
  adminId: string,
  input: z.output<typeof templatePublishRequest>,
  meta: RequestMeta,
): Promise<TemplateDetail> {
  return ctx.db.transaction(async (tx) => {
    await lockForEdit(ctx, tx, input.id);
    const template = (await findTemplate(tx, input.id))!;
    const versions = await templateVersions(tx, input.id);
    if (versions.some((v) => v.status === 'retired')) {
      throw new ProtocolError(Codes.conflict, DOCUMENT_CONFLICTS.templateRetired);
    }
    const draft = versions.find((v) => v.status === 'draft');
    if (!draft) throw new ProtocolError(Codes.conflict, DOCUMENT_CONFLICTS.noDraft);
    if (draft.version !== input.version)
      throw new ProtocolError(Codes.conflict, DOCUMENT_CONFLICTS.staleDraft);
    const editions = await tx
      .select()
      .from(documentTemplateEditions)
      .where(eq(documentTemplateEditions.versionId, draft.id));
    const errors: FieldError[] = [];
    if (!editions.some((e) => e.language === 'gb')) {
      errors.push({ path: 'editions.gb', message: TEMPLATE_PUBLISH_REFUSALS.missingGbEdition });
    }
    if (template.kind === 'signature') {
      for (const edition of editions) {
        if (!edition.fields.some((field) => field.kind === 'signature')) {
          errors.push({
            path: `editions.${edition.language}.fields`,
            message: TEMPLATE_PUBLISH_REFUSALS.missingSignatureField,
          });
        }
      }
    }
    if (errors.length > 0) throw new ProtocolError(Codes.validation, errors[0]!.message, errors);
    await tx
      .update(documentTemplateVersions)
      .set({ status: 'superseded' })
      .where(
        and(
          eq(documentTemplateVersions.templateId, input.id),
          eq(documentTemplateVersions.status, 'published'),
        ),
      );
    await tx
      .update(documentTemplateVersions)
      .set({ status: 'published', publishedAt: ctx.now() })
      .where(eq(documentTemplateVersions.id, draft.id));
    await recordAudit(tx, meta, {
      action: 'document.template.publish',
      outcome: 'success',
      actorId: adminId,
      target: `document_templates:${input.id}`,
      detail: { version: draft.version, locale: editions.map((e) => e.language) },
    });
    return detailIn(tx, input.id);
  });
}
