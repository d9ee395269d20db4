import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { DocumentStatus } from '@portal/protocol';
import type { Queryable } from '../../db/database.ts';
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

export async function listAssignments(
  db: Queryable,
  patientId: string,
  opts: { status?: DocumentStatus; limit?: number; offset?: number } = {},
): Promise<AssignmentRow[]> {
  const where = and(
    eq(documentAssignments.patientId, patientId),
    opts.status ? eq(documentAssignments.status, opts.status) : undefined,
  );
  let query = selectAssignments(db, where)
    .orderBy(desc(documentAssignments.createdAt), desc(documentAssignments.id))
    .$dynamic();
  if (opts.limit !== undefined) query = query.limit(opts.limit).offset(opts.offset ?? 0);
  return (await query) as AssignmentRow[];
}

export async function countByStatus(db: Queryable, patientId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ status: documentAssignments.status, n: count() })
    .from(documentAssignments)
    .where(eq(documentAssignments.patientId, patientId))
    .groupBy(documentAssignments.status);
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

export async function listReferenceTemplates(db: Queryable) {
  return db
    .select()
    .from(documentTemplates)
    .where(eq(documentTemplates.kind, 'reference'))
    .orderBy(asc(documentTemplates.title));
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
