import { Codes, pdfFilename, ProtocolError, type DocumentPdf } from '@portal/protocol';
import type { AppContext, RequestMeta } from '../../context.ts';
import { recordAudit } from '../audit/index.ts';
import { loadDocumentFile } from '../../db/document-files.ts';
import { findAssignment } from './document-queries.ts';

/** The signed PDF; 10404 while the patient has not signed. Every download is audited. */
export async function downloadSignedPdf(
  ctx: AppContext,
  adminId: string,
  id: string,
  meta: RequestMeta,
): Promise<DocumentPdf> {
  return ctx.db.transaction(async (tx) => {
    const row = await findAssignment(tx, id);
    if (!row?.signedFileId) throw new ProtocolError(Codes.itemsNotFound);
    const file = await loadDocumentFile(ctx, tx, row.signedFileId);
    await recordAudit(tx, meta, {
      action: 'document.download',
      outcome: 'success',
      actorId: adminId,
      subjectId: row.patientId,
      target: `document_assignments:${id}`,
      detail: { file: 'signed' },
    });
    return {
      filename: pdfFilename(row.title, true),
      sha256: file.sha256,
      pdf_base64: file.bytes.toString('base64'),
    };
  });
}
