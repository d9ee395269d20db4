import type { TemplateDetail, templateCreateRequest } from '@portal/protocol';
import type { z } from 'zod';
import type { AppContext, RequestMeta } from '../../context.ts';
import { documentTemplates } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import { checkedUpload } from './pdf-upload.ts';
import { detailIn } from './template-editing.ts';
import { insertVersion, writeEdition } from './template-versions.ts';

/** A new template: version 1, a draft, with its gb edition and its cn one if given. */
export async function createTemplate(
  ctx: AppContext,
  adminId: string,
  input: z.output<typeof templateCreateRequest>,
  meta: RequestMeta,
): Promise<TemplateDetail> {
  const gb = await checkedUpload(ctx.workers, input.gb.pdf_base64);
  const cn = input.cn && (await checkedUpload(ctx.workers, input.cn.pdf_base64));
  return ctx.db.transaction(async (tx) => {
    const [template] = await tx
      .insert(documentTemplates)
      .values({ kind: input.kind, createdBy: adminId, createdAt: ctx.now(), updatedAt: ctx.now() })
      .returning();
    const version = await insertVersion(ctx, tx, template!.id, 1, 'draft', adminId);
    await writeEdition(ctx, tx, version.id, { language: 'gb', ...input.gb, pdf: gb });
    if (input.cn && cn) await writeEdition(ctx, tx, version.id, { language: 'cn', ...input.cn, pdf: cn });
    await recordAudit(tx, meta, {
      action: 'document.template.create',
      outcome: 'success',
      actorId: adminId,
      target: `document_templates:${template!.id}`,
      detail: { kind: input.kind, locale: cn ? ['gb', 'cn'] : ['gb'] },
    });
    return detailIn(tx, template!.id);
  });
}
