import { eq } from 'drizzle-orm';
import { Codes, DOCUMENT_CONFLICTS, ProtocolError, type TemplateDetail } from '@portal/protocol';
import type { AppContext, RequestMeta } from '../../context.ts';
import { documentTemplateVersions } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import { detailIn, lockForEdit } from './template-editing.ts';
import { templateVersions } from './template-versions.ts';

/** Retires the template: nothing more is sent or edited; documents sent and the history stay. */
export async function retireTemplate(
  ctx: AppContext,
  adminId: string,
  id: string,
  meta: RequestMeta,
): Promise<TemplateDetail> {
  return ctx.db.transaction(async (tx) => {
    await lockForEdit(ctx, tx, id);
    const versions = await templateVersions(tx, id);
    if (versions.some((v) => v.status === 'retired')) {
      throw new ProtocolError(Codes.conflict, DOCUMENT_CONFLICTS.alreadyRetired);
    }
    const live = versions.filter((v) => v.status === 'published' || v.status === 'draft');
    for (const version of live) {
      await tx
        .update(documentTemplateVersions)
        .set({ status: 'retired' })
        .where(eq(documentTemplateVersions.id, version.id));
    }
    await recordAudit(tx, meta, {
      action: 'document.template.retire',
      outcome: 'success',
      actorId: adminId,
      target: `document_templates:${id}`,
      detail: { version: live.map((v) => v.version) },
    });
    return detailIn(tx, id);
  });
}
