import {
  DOCUMENTS_PAGE_SIZE,
  DocumentStatus,
  type documentsQuery,
  type DocumentsPage,
  type PatientDocument,
} from '@portal/protocol';
import type { z } from 'zod';
import type { AppContext, RequestMeta } from '../../context.ts';
import { recordStandaloneAudit } from '../audit/index.ts';
import { listDocumentsOfPatient } from './document-queries.ts';
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
