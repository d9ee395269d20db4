import { Codes, ProtocolError, type DocumentDetail, type PatientDocument } from '@portal/protocol';
import type { AppContext, RequestMeta } from '../../context.ts';
import { recordAudit } from '../audit/index.ts';
import { loadDocumentFile } from '../../db/document-files.ts';
import { recordDocumentEvent } from './move-document.ts';
import { findAssignment, findPublished, listEvents, patientLocale } from './document-queries.ts';
import { markRead } from './reading-marks.ts';
import { patientDocumentView, referenceDocumentView } from './views.ts';

// The moves that make the signed PDF: its history's last one says who made it.
const SIGNING_ACTIONS: ReadonlySet<string> = new Set(['sign', 'submit']);

/**
 * The patient's own document (signed PDF once there is one), or a published reference document,
 * which opening marks read; 10404 otherwise.
 */
export async function readPatientDocument(
  ctx: AppContext,
  userId: string,
  id: string,
  meta: RequestMeta,
): Promise<DocumentDetail> {
  return ctx.db.transaction(async (tx) => {
    const row = await findAssignment(tx, id, userId);
    let view: PatientDocument;
    let fileId: string;
    let onBehalfBy: string | null = null;
    if (row) {
      view = patientDocumentView(ctx, row);
      fileId = row.signedFileId ?? row.originalFileId;
      if (row.signedFileId) {
        const signing = (await listEvents(tx, id)).findLast((e) => SIGNING_ACTIONS.has(e.action));
        onBehalfBy = signing?.onBehalfBy ?? null;
      }
      await recordDocumentEvent(ctx, tx, {
        assignmentId: id,
        actor: 'patient',
        actorId: userId,
        action: 'view',
        meta,
        edition: row.language,
      });
    } else {
      const template = await findPublished(tx, id);
      if (template?.kind !== 'reference') throw new ProtocolError(Codes.itemsNotFound);
      const readAt = await markRead(ctx, tx, id, userId);
      view = referenceDocumentView({ ...template, readAt }, await patientLocale(tx, userId));
      fileId = template[view.language]!.fileId;
    }
    const file = await loadDocumentFile(ctx, tx, fileId);
    const which = row?.signedFileId ? 'signed' : 'original';
    await recordAudit(tx, meta, {
      action: 'document.download',
      outcome: 'success',
      actorId: userId,
      target: row ? `document_assignments:${id}` : `document_templates:${id}`,
      detail: { file: which },
    });
    return {
      ...view,
      file: which,
      signed_on_behalf_by: onBehalfBy,
      sha256: file.sha256,
      pdf_base64: file.bytes.toString('base64'),
    };
  });
}
