import type { Binary, DocumentReference, Patient, Reference } from '@medplum/fhirtypes';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { loadDocumentFile } from '../../db/document-files.ts';
import type { AddToBundle } from '../assessment/index.ts';
import { listAssignments } from '../documents/index.ts';

const PDF = 'application/pdf';

/** The patient's signed documents: only a signed assignment has a PDF a clinical system can file. */
async function signedAssignments(db: Queryable, patientId: string) {
  return (await listAssignments(db, patientId)).filter((row) => row.signedFileId !== null);
}

/**
 * Each signed document as a DocumentReference named by its assignment's id; its content is the
 * Binary of the same id (the signed PDF), fetched on its own so searches stay small.
 */
export async function addDocumentResources(
  _ctx: AppContext,
  db: Queryable,
  patientId: string,
  subject: Reference<Patient>,
  add: AddToBundle,
): Promise<void> {
  for (const row of await signedAssignments(db, patientId)) {
    add<DocumentReference>({
      resourceType: 'DocumentReference',
      id: row.id,
      meta: { lastUpdated: row.updatedAt.toISOString() },
      status: 'current',
      docStatus: 'final',
      type: { text: row.titleGb },
      subject,
      date: row.updatedAt.toISOString(),
      description: row.titleGb,
      content: [{ attachment: { contentType: PDF, url: `Binary/${row.id}`, title: row.titleGb } }],
    });
  }
}

/** The signed PDFs as Binary resources, their bytes in `data`. */
export async function signedPdfBinaries(
  ctx: AppContext,
  db: Queryable,
  patientId: string,
): Promise<Binary[]> {
  const binaries: Binary[] = [];
  for (const row of await signedAssignments(db, patientId)) {
    const file = await loadDocumentFile(ctx, db, row.signedFileId!);
    binaries.push({
      resourceType: 'Binary',
      id: row.id,
      meta: { lastUpdated: row.updatedAt.toISOString() },
      contentType: PDF,
      securityContext: { reference: `DocumentReference/${row.id}` },
      data: file.bytes.toString('base64'),
    });
  }
  return binaries;
}
