import { type DocumentTemplate, type templateUploadRequest } from '@portal/protocol';
import type { z } from 'zod';
import type { AppContext, RequestMeta } from '../../context.ts';
import { documentTemplates } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import { checkedUpload } from './pdf-upload.ts';
import { findPublished } from './document-queries.ts';
import { insertVersion, writeEdition } from './template-versions.ts';
import { viewsOf } from './list-templates.ts';

export async function uploadTemplate(
  ctx: AppContext,
  adminId: string,
  input: z.output<typeof templateUploadRequest>,
  meta: RequestMeta,
): Promise<DocumentTemplate> {
  const pdf = await checkedUpload(ctx.workers, input.pdf_base64);
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
