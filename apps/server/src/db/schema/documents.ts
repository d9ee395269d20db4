import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type {
  DocumentEventAction,
  DocumentField,
  DocumentLanguage,
  TemplateVersionStatus,
} from '@portal/protocol';
import { at, bytea, createdAt } from './columns.ts';
import { users } from './core.ts';

/** Every PDF the documents feature holds (originals and signed versions), encrypted at rest; never changed. */
export const documentFiles = pgTable('document_files', {
  id: uuid('id').primaryKey(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  /** SHA-256 (hex) of the plaintext bytes. */
  sha256: text('sha256').notNull(),
  data: bytea('data_enc').notNull(),
  createdAt: createdAt(),
});

/** A document the clinic offers: read by every patient (reference) or assigned for signature; its content lives in versions. */
export const documentTemplates = pgTable('document_templates', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind').$type<'reference' | 'signature'>().notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * A template's numbered versions: at most one draft (being edited) and one published (what is
 * sent); publishing supersedes the previous one, retiring retires the published one.
 */
export const documentTemplateVersions = pgTable(
  'document_template_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => documentTemplates.id),
    version: integer('version').notNull(),
    status: text('status').$type<TemplateVersionStatus>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    publishedAt: at('published_at'),
  },
  (t) => [
    uniqueIndex('document_template_versions_number_key').on(t.templateId, t.version),
    uniqueIndex('document_template_versions_published_key')
      .on(t.templateId)
      .where(sql`status = 'published'`),
    uniqueIndex('document_template_versions_draft_key')
      .on(t.templateId)
      .where(sql`status = 'draft'`),
  ],
);

/** One language of a version: its own PDF, texts and fields (two PDFs may differ in layout). */
export const documentTemplateEditions = pgTable(
  'document_template_editions',
  {
    versionId: uuid('version_id')
      .notNull()
      .references(() => documentTemplateVersions.id, { onDelete: 'cascade' }),
    language: text('language').$type<DocumentLanguage>().notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    fileId: uuid('file_id')
      .notNull()
      .references(() => documentFiles.id),
    pageCount: integer('page_count').notNull(),
    /** Where signatures, dates, initials, names and texts go; clinic layout, not PHI. */
    fields: jsonb('fields')
      .$type<DocumentField[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.language] })],
);

/** When a patient first opened a reference document. */
export const documentReads = pgTable(
  'document_reads',
  {
    templateId: uuid('template_id')
      .notNull()
      .references(() => documentTemplates.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: at('read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.patientId, t.templateId] })],
);

/** One template sent to one patient; `version` rises with every move (optimistic concurrency). */
export const documentAssignments = pgTable(
  'document_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => documentTemplates.id),
    /** The version sent: later versions never change it. */
    templateVersionId: uuid('template_version_id')
      .notNull()
      .references(() => documentTemplateVersions.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    /** The edition signed or submitted; null before. */
    edition: text('edition').$type<DocumentLanguage>(),
    version: integer('version').notNull().default(1),
    dueAt: at('due_at'),
    reminderSentAt: at('reminder_sent_at'),
    /** The patient's reason for declining: free text, so PHI, encrypted. */
    rejectionReason: bytea('rejection_reason_enc'),
    signedFileId: uuid('signed_file_id').references(() => documentFiles.id),
    /** The declined or expired assignment this one re-sends; each is re-sent at most once. */
    resentFromId: uuid('resent_from_id').references((): AnyPgColumn => documentAssignments.id, {
      onDelete: 'set null',
    }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('document_assignments_patient_idx').on(t.patientId, t.status),
    index('document_assignments_due_idx')
      .on(t.dueAt, t.id)
      .where(sql`status = 'pending_signature'`),
    uniqueIndex('document_assignments_resent_from_key')
      .on(t.resentFromId)
      .where(sql`resent_from_id is not null`),
    // The worklist's declined queue, newest first.
    index('document_assignments_rejected_idx')
      .on(t.updatedAt, t.id)
      .where(sql`status = 'rejected'`),
  ],
);

/** The document's history (append-only: a trigger refuses UPDATE and DELETE); printed on the audit certificate. */
export const documentEvents = pgTable(
  'document_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => documentAssignments.id, { onDelete: 'cascade' }),
    at: at('at').notNull(),
    actor: text('actor').$type<'patient' | 'clinic' | 'system'>().notNull(),
    actorId: uuid('actor_id'),
    action: text('action').$type<DocumentEventAction>().notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** The edition the patient was shown or signed. */
    edition: text('edition').$type<DocumentLanguage>(),
    /** A caregiver's move for the patient (decision 0023): `actor_id` is the caregiver, this their grant. */
    grantId: uuid('grant_id'),
  },
  (t) => [index('document_events_assignment_idx').on(t.assignmentId, t.id)],
);

/** Each signed PDF produced for an assignment, with the hashes its certificate page states. */
export const documentVersions = pgTable(
  'document_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => documentAssignments.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => documentFiles.id),
    originalSha256: text('original_sha256').notNull(),
    /** SHA-256 of the stamped pages, before the certificate page and the digital signature. */
    stampedSha256: text('stamped_sha256').notNull(),
    /** SHA-256 of the final, digitally signed file (equals the file row's hash). */
    signedSha256: text('signed_sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('document_versions_assignment_idx').on(t.assignmentId)],
);

/** The clinic's document-signing certificate, one row per purpose, so every node signs with the same key. */
export const signingCertificates = pgTable('signing_certificates', {
  purpose: text('purpose').primaryKey(),
  certificatePem: text('certificate_pem').notNull(),
  /** PKCS#8 private key (PEM), encrypted with the data cipher. */
  privateKey: bytea('private_key_enc').notNull(),
  createdAt: createdAt(),
});
