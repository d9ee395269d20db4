import { eq } from 'drizzle-orm';
import {
  Codes,
  DOCUMENTS_PAGE_SIZE,
  DocumentStatus,
  ProtocolError,
  type DocumentDetail,
  type documentsQuery,
  type DocumentsPage,
  type PatientDocument,
  type SigningSession,
} from '@portal/protocol';
import type { z } from 'zod';
import type { AppContext, RequestMeta } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { recordAudit, recordStandaloneAudit } from '../audit/audit-service.ts';
import { consentTextFor } from './consent-text.ts';
import { prefillFields } from './prefill-fields.ts';
import { loadDocumentFile } from './file-store.ts';
import { recordDocumentEvent } from './move-document.ts';
import { findAssignment, findPublished, listDocumentsOfPatient, patientLocale } from './queries.ts';
import { markRead } from './reading-marks.ts';
import { patientDocumentView, referenceDocumentView } from './views.ts';

/**
 * The patient's assigned documents (newest first), then the clinic's reference documents, one
 * page at a time. A patient holds tens of documents, so the page is cut in memory.
 */
export async function listPatientDocuments(
  ctx: AppContext,
  userId: string,
  query: z.output<typeof documentsQuery>,
  meta: RequestMeta,
): Promise<DocumentsPage> {
  // A read changes nothing, so no transaction: both reads run side by side, and the audit row
  // goes through the group commit of PHI reads (each answer waits for its own row). The counts
  // are of every assigned document, so the filters apply to the rows read.
  const { assigned, references, locale } = await listDocumentsOfPatient(ctx.db, userId);
  const counts = new Map<string, number>();
  for (const row of assigned) counts.set(row.status, (counts.get(row.status) ?? 0) + 1);
  const shown =
    query.kind === 'reference' ? [] : assigned.filter((row) => !query.status || row.status === query.status);
  const all: PatientDocument[] = [
    ...shown.map((row) => patientDocumentView(ctx, row)),
    ...(query.kind === 'signature' || query.status
      ? []
      : references.map((row) => referenceDocumentView(row, locale))),
  ];
  await recordStandaloneAudit(ctx, meta, {
    action: 'document.list',
    outcome: 'success',
    actorId: userId,
    detail: { count: all.length },
  });
  const start = (query.page - 1) * DOCUMENTS_PAGE_SIZE;
  return {
    items: all.slice(start, start + DOCUMENTS_PAGE_SIZE),
    page: query.page,
    page_size: DOCUMENTS_PAGE_SIZE,
    total: all.length,
    counts: Object.fromEntries(
      DocumentStatus.options.map((s) => [s, counts.get(s) ?? 0]),
    ) as DocumentsPage['counts'],
    unread: references.filter((row) => row.readAt === null).length,
  };
}

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
    if (row) {
      view = patientDocumentView(ctx, row);
      fileId = row.signedFileId ?? row.originalFileId;
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
    return { ...view, file: which, sha256: file.sha256, pdf_base64: file.bytes.toString('base64') };
  });
}

/** What the signing screen needs; only while the patient still has a move to make (else 10409). */
export async function openSigningSession(
  ctx: AppContext,
  userId: string,
  id: string,
  meta: RequestMeta,
): Promise<SigningSession> {
  return ctx.db.transaction(async (tx) => {
    const row = await findAssignment(tx, id, userId);
    if (!row) throw new ProtocolError(Codes.itemsNotFound);
    const document = patientDocumentView(ctx, row);
    if (document.actions.length === 0) throw new ProtocolError(Codes.conflict);
    const [user] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName, locale: users.locale })
      .from(users)
      .where(eq(users.id, userId));
    await recordDocumentEvent(ctx, tx, {
      assignmentId: id,
      actor: 'patient',
      actorId: userId,
      action: 'open_signing',
      meta,
      edition: row.language,
    });
    await recordAudit(tx, meta, {
      action: 'document.sign_session',
      outcome: 'success',
      actorId: userId,
      target: `document_assignments:${id}`,
    });
    return {
      document,
      fields: await prefillFields(ctx, tx, userId, row.fields),
      consent_text: consentTextFor(user!.locale),
      signer_name: `${user!.firstName} ${user!.lastName}`,
    };
  });
}
