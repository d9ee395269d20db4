import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DocumentStatus } from '@portal/protocol';
import type { Database, Queryable } from '../../db/database.ts';
import { perDatabase } from '../../db/per-database.ts';
import {
  documentAssignments,
  documentEvents,
  documentTemplates,
  documentVersions,
} from '../../db/schema/index.ts';

const assignmentColumns = {
  id: documentAssignments.id,
  templateId: documentAssignments.templateId,
  patientId: documentAssignments.patientId,
  status: documentAssignments.status,
  version: documentAssignments.version,
  dueAt: documentAssignments.dueAt,
  rejectionReason: documentAssignments.rejectionReason,
  signedFileId: documentAssignments.signedFileId,
  resentFromId: documentAssignments.resentFromId,
  createdAt: documentAssignments.createdAt,
  updatedAt: documentAssignments.updatedAt,
  title: documentTemplates.title,
  description: documentTemplates.description,
  kind: documentTemplates.kind,
  fields: documentTemplates.fields,
  originalFileId: documentTemplates.fileId,
};

export type AssignmentRow = Omit<
  { [K in keyof typeof assignmentColumns]: (typeof assignmentColumns)[K]['_']['data'] },
  'status'
> & { status: DocumentStatus };

function selectAssignments(db: Queryable, where: SQL | undefined) {
  return db
    .select(assignmentColumns)
    .from(documentAssignments)
    .innerJoin(documentTemplates, eq(documentTemplates.id, documentAssignments.templateId))
    .where(where);
}

/** With `patientId`, only that patient's document: another patient's id is simply not found. */
export async function findAssignment(
  db: Queryable,
  id: string,
  patientId?: string,
): Promise<AssignmentRow | undefined> {
  const owner = patientId === undefined ? undefined : eq(documentAssignments.patientId, patientId);
  const [row] = await selectAssignments(db, and(eq(documentAssignments.id, id), owner)).limit(1);
  return row as AssignmentRow | undefined;
}

const newestFirst = [desc(documentAssignments.createdAt), desc(documentAssignments.id)];

/** A patient's every document, newest first. */
export async function listAssignments(db: Queryable, patientId: string): Promise<AssignmentRow[]> {
  return (await selectAssignments(db, eq(documentAssignments.patientId, patientId)).orderBy(
    ...newestFirst,
  )) as AssignmentRow[];
}

/**
 * The documents page's two reads as statements prepared once per connection: every page view
 * runs them, and building them with the query builder on each view was about a fifth of its CPU.
 */
function documentsPageStatements(db: Database) {
  return {
    assigned: selectAssignments(db, eq(documentAssignments.patientId, sql.placeholder('patientId')))
      .orderBy(...newestFirst)
      .prepare('patient_documents_assigned'),
    references: db
      .select()
      .from(documentTemplates)
      .where(eq(documentTemplates.kind, 'reference'))
      .orderBy(asc(documentTemplates.title))
      .prepare('patient_documents_references'),
  };
}

const documentsPageStatementsOf = perDatabase(documentsPageStatements);

/** A patient's every document, newest first, and the clinic's reference documents by title. */
export async function listDocumentsOfPatient(db: Database, patientId: string) {
  const statements = documentsPageStatementsOf(db);
  const [assigned, references] = await Promise.all([
    statements.assigned.execute({ patientId }),
    statements.references.execute(),
  ]);
  return { assigned: assigned as AssignmentRow[], references };
}

export async function findTemplate(db: Queryable, id: string) {
  const [row] = await db.select().from(documentTemplates).where(eq(documentTemplates.id, id)).limit(1);
  return row;
}

export async function listEvents(db: Queryable, assignmentId: string) {
  return db
    .select()
    .from(documentEvents)
    .where(eq(documentEvents.assignmentId, assignmentId))
    .orderBy(asc(documentEvents.id));
}

export async function latestVersion(db: Queryable, assignmentId: string) {
  const [row] = await db
    .select()
    .from(documentVersions)
    .where(eq(documentVersions.assignmentId, assignmentId))
    .orderBy(desc(documentVersions.createdAt))
    .limit(1);
  return row;
}
