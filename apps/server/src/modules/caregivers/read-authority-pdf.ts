import { and, eq, isNotNull } from 'drizzle-orm';
import { Codes, pdfFilename, ProtocolError, type DocumentPdf } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { caregiverGrants } from '../../db/schema/index.ts';
import { recordStandaloneAudit } from '../audit/index.ts';
import { loadDocumentFile } from '../../db/document-files.ts';
import { detailsOf } from './grant-queries.ts';
import type { Actor } from '../../plugins/auth.ts';

/** `GET /admin/patients/:id/caregivers/authority/?id=`: the document behind a clinic-recorded grant of this patient. */
export async function readAuthorityPdf(
  ctx: AppContext,
  actor: Actor,
  patientId: string,
  grantId: string,
): Promise<DocumentPdf> {
  const [grant] = await ctx.db
    .select()
    .from(caregiverGrants)
    .where(
      and(
        eq(caregiverGrants.id, grantId),
        eq(caregiverGrants.patientId, patientId),
        isNotNull(caregiverGrants.authorityFileId),
      ),
    );
  if (!grant) throw new ProtocolError(Codes.itemsNotFound);
  const file = await loadDocumentFile(ctx, ctx.db, grant.authorityFileId!);
  await recordStandaloneAudit(ctx, actor.meta, {
    action: 'caregiver.authority_read',
    outcome: 'success',
    actorId: actor.userId,
    subjectId: patientId,
    target: `caregiver_grants:${grant.id}`,
  });
  return {
    filename: pdfFilename(
      (detailsOf(ctx, grant).authorityFileName ?? 'authority').replace(/\.pdf$/i, ''),
      false,
    ),
    sha256: file.sha256,
    pdf_base64: file.bytes.toString('base64'),
  };
}
