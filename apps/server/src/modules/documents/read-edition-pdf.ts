import { Codes, ProtocolError, type DocumentPdf, type templateEditionQuery } from '@portal/protocol';
import type { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { documentTemplateEditions, documentTemplateVersions } from '../../db/schema/index.ts';
import { loadDocumentFile } from '../../db/document-files.ts';

/** One edition's PDF, for the field editor and the preview; 10404 when there is no such edition. */
export async function readEditionPdf(
  ctx: AppContext,
  query: z.output<typeof templateEditionQuery>,
): Promise<DocumentPdf> {
  const [edition] = await ctx.db
    .select({ fileId: documentTemplateEditions.fileId, title: documentTemplateEditions.title })
    .from(documentTemplateEditions)
    .innerJoin(documentTemplateVersions, eq(documentTemplateVersions.id, documentTemplateEditions.versionId))
    .where(
      and(
        eq(documentTemplateVersions.templateId, query.id),
        eq(documentTemplateVersions.version, query.version),
        eq(documentTemplateEditions.language, query.language),
      ),
    );
  if (!edition) throw new ProtocolError(Codes.itemsNotFound);
  const file = await loadDocumentFile(ctx, ctx.db, edition.fileId);
  return {
    filename: `template-${query.id}-v${query.version}-${query.language}.pdf`,
    sha256: file.sha256,
    pdf_base64: file.bytes.toString('base64'),
  };
}
