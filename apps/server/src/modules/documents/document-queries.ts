import { and, asc, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Codes, ProtocolError, type DocumentLanguage, type DocumentStatus } from '@portal/protocol';
import type { Database, Queryable } from '../../db/database.ts';
import { perDatabase } from '../../db/per-database.ts';
import {
  documentAssignments,
  documentEvents,
  documentReads,
  documentTemplateEditions,
  documentTemplates,
  documentTemplateVersions,
  documentVersions,
  users,
} from '../../db/schema/index.ts';

const gbEdition = alias(documentTemplateEditions, 'gb_edition');
const cnEdition = alias(documentTemplateEditions, 'cn_edition');

const editionColumns = <E extends typeof gbEdition | typeof cnEdition>(edition: E) => ({
  title: edition.title,
  description: edition.description,
  fields: edition.fields,
  fileId: edition.fileId,
  pageCount: edition.pageCount,
});

export interface EditionRow {
  title: string;
  description: string;
  fields: (typeof documentTemplateEditions.$inferSelect)['fields'];
  fileId: string;
  pageCount: number;
}

/** A version's editions: gb always (publishing needs it), cn when the clinic added one. */
export interface VersionEditions {
  gb: EditionRow;
  cn: EditionRow | null;
}

/** The edition a reader of `wanted` gets: theirs when the version has it, else gb (flagged). */
export function pickEdition(editions: VersionEditions, wanted: string) {
  const language: DocumentLanguage = wanted === 'cn' && editions.cn ? 'cn' : 'gb';
  return { language, edition: editions[language]!, fallback: wanted === 'cn' && language === 'gb' };
}

const assignmentColumns = {
  id: documentAssignments.id,
  templateId: documentAssignments.templateId,
  templateVersionId: documentAssignments.templateVersionId,
  templateVersion: documentTemplateVersions.version,
  patientId: documentAssignments.patientId,
  patientLocale: users.locale,
  status: documentAssignments.status,
  version: documentAssignments.version,
  dueAt: documentAssignments.dueAt,
  rejectionReason: documentAssignments.rejectionReason,
  signedFileId: documentAssignments.signedFileId,
  resentFromId: documentAssignments.resentFromId,
  edition: documentAssignments.edition,
  createdAt: documentAssignments.createdAt,
  updatedAt: documentAssignments.updatedAt,
  kind: documentTemplates.kind,
  gb: editionColumns(gbEdition),
  cn: editionColumns(cnEdition),
};

type RawAssignmentRow = Omit<
  {
    [K in keyof typeof assignmentColumns]: (typeof assignmentColumns)[K] extends { _: { data: infer D } }
      ? D
      : never;
  },
  'status' | 'gb' | 'cn'
> & { status: DocumentStatus } & VersionEditions;

/**
 * An assignment with the edition it is shown in: the one signed or submitted once there is one,
 * else the patient's language when the version has it (`editionFallback` when it has not).
 */
export type AssignmentRow = RawAssignmentRow & {
  language: DocumentLanguage;
  editionFallback: boolean;
  /** The gb title, for the clinic's lists. */
  titleGb: string;
  title: string;
  description: string;
  fields: EditionRow['fields'];
  originalFileId: string;
};

/** The row in `language` (10400 when its version has no such edition), else in the patient's. */
export function inEdition(raw: RawAssignmentRow, language?: DocumentLanguage): AssignmentRow {
  if (language && !raw[language]) {
    throw new ProtocolError(Codes.validation, undefined, [
      { path: 'language', message: 'This document has no edition in that language' },
    ]);
  }
  const chosen = pickEdition(raw, language ?? raw.edition ?? raw.patientLocale);
  return {
    ...raw,
    language: chosen.language,
    editionFallback: !raw.edition && chosen.fallback,
    titleGb: raw.gb.title,
    title: chosen.edition.title,
    description: chosen.edition.description,
    fields: chosen.edition.fields,
    originalFileId: chosen.edition.fileId,
  };
}

function selectAssignments(db: Queryable, where: SQL | undefined) {
  return db
    .select(assignmentColumns)
    .from(documentAssignments)
    .innerJoin(documentTemplates, eq(documentTemplates.id, documentAssignments.templateId))
    .innerJoin(
      documentTemplateVersions,
      eq(documentTemplateVersions.id, documentAssignments.templateVersionId),
    )
    .innerJoin(users, eq(users.id, documentAssignments.patientId))
    .innerJoin(
      gbEdition,
      and(eq(gbEdition.versionId, documentAssignments.templateVersionId), eq(gbEdition.language, 'gb')),
    )
    .leftJoin(
      cnEdition,
      and(eq(cnEdition.versionId, documentAssignments.templateVersionId), eq(cnEdition.language, 'cn')),
    )
    .where(where);
}

const asRows = (rows: unknown[]) => (rows as RawAssignmentRow[]).map((row) => inEdition(row));

/** With `patientId`, only that patient's document: another patient's id is simply not found. */
export async function findAssignment(
  db: Queryable,
  id: string,
  patientId?: string,
  language?: DocumentLanguage,
): Promise<AssignmentRow | undefined> {
  const owner = patientId === undefined ? undefined : eq(documentAssignments.patientId, patientId);
  const [row] = await selectAssignments(db, and(eq(documentAssignments.id, id), owner)).limit(1);
  return row ? inEdition(row as RawAssignmentRow, language) : undefined;
}

const newestFirst = [desc(documentAssignments.createdAt), desc(documentAssignments.id)];

/** A patient's every document, newest first. */
export async function listAssignments(db: Queryable, patientId: string): Promise<AssignmentRow[]> {
  return asRows(
    await selectAssignments(db, eq(documentAssignments.patientId, patientId)).orderBy(...newestFirst),
  );
}

const publishedColumns = {
  id: documentTemplates.id,
  kind: documentTemplates.kind,
  createdAt: documentTemplates.createdAt,
  updatedAt: documentTemplates.updatedAt,
  versionId: documentTemplateVersions.id,
  version: documentTemplateVersions.version,
  publishedAt: documentTemplateVersions.publishedAt,
  gb: editionColumns(gbEdition),
  cn: editionColumns(cnEdition),
};

/** A template's published version with its editions (and any extra columns read with it). */
export type PublishedRow<Extra = object> = {
  id: string;
  kind: 'reference' | 'signature';
  createdAt: Date;
  updatedAt: Date;
  versionId: string;
  version: number;
  publishedAt: Date | null;
} & VersionEditions &
  Extra;

const publishedVersion = and(
  eq(documentTemplateVersions.templateId, documentTemplates.id),
  eq(documentTemplateVersions.status, 'published'),
);
const gbOfVersion = and(eq(gbEdition.versionId, documentTemplateVersions.id), eq(gbEdition.language, 'gb'));
const cnOfVersion = and(eq(cnEdition.versionId, documentTemplateVersions.id), eq(cnEdition.language, 'cn'));

/**
 * The documents page's reads as statements prepared once per connection: every page view
 * runs them, and building them with the query builder on each view was about a fifth of its CPU.
 */
function documentsPageStatements(db: Database) {
  return {
    assigned: selectAssignments(db, eq(documentAssignments.patientId, sql.placeholder('patientId')))
      .orderBy(...newestFirst)
      .prepare('patient_documents_assigned'),
    references: db
      .select({ ...publishedColumns, readAt: documentReads.readAt })
      .from(documentTemplates)
      .innerJoin(documentTemplateVersions, publishedVersion)
      .innerJoin(gbEdition, gbOfVersion)
      .leftJoin(cnEdition, cnOfVersion)
      .leftJoin(
        documentReads,
        and(
          eq(documentReads.templateId, documentTemplates.id),
          eq(documentReads.patientId, sql.placeholder('patientId')),
        ),
      )
      .where(eq(documentTemplates.kind, 'reference'))
      .orderBy(asc(gbEdition.title), asc(documentTemplates.id))
      .prepare('patient_documents_references'),
    locale: db
      .select({ locale: users.locale })
      .from(users)
      .where(eq(users.id, sql.placeholder('patientId')))
      .prepare('patient_documents_locale'),
  };
}

const documentsPageStatementsOf = perDatabase(documentsPageStatements);

/** A patient's every document, newest first, and the clinic's reference documents by title. */
export async function listDocumentsOfPatient(db: Database, patientId: string) {
  const statements = documentsPageStatementsOf(db);
  const [assigned, references, [user]] = await Promise.all([
    statements.assigned.execute({ patientId }),
    statements.references.execute({ patientId }),
    statements.locale.execute({ patientId }),
  ]);
  return {
    assigned: asRows(assigned),
    references: references as PublishedRow<{ readAt: Date | null }>[],
    locale: user?.locale ?? 'gb',
  };
}

/**
 * Every template with its published version and editions, oldest first (reference documents
 * before forms made at the same time, as the demo seeds them).
 */
export function selectPublished(db: Queryable, where?: SQL) {
  return db
    .select(publishedColumns)
    .from(documentTemplates)
    .innerJoin(documentTemplateVersions, publishedVersion)
    .innerJoin(gbEdition, gbOfVersion)
    .leftJoin(cnEdition, cnOfVersion)
    .where(where)
    .orderBy(asc(documentTemplates.createdAt), asc(documentTemplates.kind), asc(documentTemplates.id));
}

/** One template's published version, or undefined (never published, or retired). */
export async function findPublished(db: Queryable, templateId: string): Promise<PublishedRow | undefined> {
  const [row] = await selectPublished(db, eq(documentTemplates.id, templateId)).limit(1);
  return row as PublishedRow | undefined;
}

export async function findTemplate(db: Queryable, id: string) {
  const [row] = await db.select().from(documentTemplates).where(eq(documentTemplates.id, id)).limit(1);
  return row;
}

/** The patient's account language, which picks the edition they read. */
export async function patientLocale(db: Queryable, patientId: string): Promise<string> {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, patientId));
  return row?.locale ?? 'gb';
}

const representative = alias(users, 'representative');

/** A document's history, oldest first, with the name of a caregiver who acted for the patient. */
export async function listEvents(db: Queryable, assignmentId: string) {
  const rows = await db
    .select({
      event: documentEvents,
      firstName: representative.firstName,
      lastName: representative.lastName,
    })
    .from(documentEvents)
    .leftJoin(
      representative,
      and(eq(representative.id, documentEvents.actorId), isNotNull(documentEvents.grantId)),
    )
    .where(eq(documentEvents.assignmentId, assignmentId))
    .orderBy(asc(documentEvents.id));
  return rows.map(({ event, firstName, lastName }) => ({
    ...event,
    onBehalfBy: event.grantId ? `${firstName ?? ''} ${lastName ?? ''}`.trim() || null : null,
  }));
}
export type EventRow = Awaited<ReturnType<typeof listEvents>>[number];

export async function latestVersion(db: Queryable, assignmentId: string) {
  const [row] = await db
    .select()
    .from(documentVersions)
    .where(eq(documentVersions.assignmentId, assignmentId))
    .orderBy(desc(documentVersions.createdAt))
    .limit(1);
  return row;
}

/** A retired template keeps its versions, the last one published now retired. */
export async function isRetired(db: Queryable, templateId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: documentTemplateVersions.id })
    .from(documentTemplateVersions)
    .where(
      and(
        eq(documentTemplateVersions.templateId, templateId),
        eq(documentTemplateVersions.status, 'retired'),
      ),
    )
    .limit(1);
  return row !== undefined;
}
