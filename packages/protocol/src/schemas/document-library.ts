import { z } from 'zod';
import { Locale } from './auth.ts';
import { documentFields } from './document-fields.ts';
import { DocumentKind } from './documents-page.ts';

// The clinic's documents and forms library: a template has numbered versions, a
// version has one edition per language. Routes, all `manage_documents`:
//   GET  /admin/documents/library/            templateLibraryQuery → templateLibrary
//   GET  /admin/documents/library/template/   idQuery → templateDetail
//   POST /admin/documents/library/template/   templateCreateRequest (sealed) → templateDetail
//   POST /admin/documents/library/edition/    templateEditionRequest (sealed) → templateDetail
//   POST /admin/documents/library/fields/     templateEditionFieldsRequest → templateDetail
//   POST /admin/documents/library/publish/    templatePublishRequest → templateDetail
//   POST /admin/documents/library/retire/     templateRetireRequest → templateDetail
//   GET  /admin/documents/library/pdf/        templateEditionQuery → documentPdf (sealed)
// Editing (edition or fields) works on the template's draft version, made from the published
// one on the first edit; publishing it supersedes the published one.

/** The languages a template comes in; `gb` is required to publish. */
export const DocumentLanguage = Locale;
export type DocumentLanguage = z.infer<typeof DocumentLanguage>;

export const TemplateVersionStatus = z.enum(['draft', 'published', 'superseded', 'retired']);
export type TemplateVersionStatus = z.infer<typeof TemplateVersionStatus>;

/** A template as lists show it: draft until first published, published, or retired. */
export const TemplateStatus = z.enum(['draft', 'published', 'retired']);
export type TemplateStatus = z.infer<typeof TemplateStatus>;

const isoTime = z.string().describe('ISO 8601 time, UTC');
const base64Text = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Expected base64');
const title = z.string().trim().min(1).max(200);
const description = z.string().trim().max(2_000).default('');

/** One language's PDF with its texts; sealed bodies, the size cap is the server's (10413). */
export const templateEditionUpload = z.object({
  title,
  description,
  pdf_base64: base64Text.min(1, 'Required'),
});

/** A new template: version 1 as a draft, with its gb edition and optionally its cn edition. */
export const templateCreateRequest = z.object({
  kind: DocumentKind,
  gb: templateEditionUpload,
  cn: templateEditionUpload.optional(),
});

/**
 * Add or replace one edition of the draft (made from the published version if there is none).
 * Without `pdf_base64` only the texts change (10400 when the edition has no PDF yet); a new PDF
 * keeps the fields that still fit its pages.
 */
export const templateEditionRequest = z.object({
  id: z.uuid(),
  language: DocumentLanguage,
  title,
  description,
  pdf_base64: base64Text.min(1, 'Required').optional(),
});

/** Set the fields of one edition of the draft (made from the published version if there is none). */
export const templateEditionFieldsRequest = z.object({
  id: z.uuid(),
  language: DocumentLanguage,
  fields: documentFields,
});
export type TemplateEditionFieldsRequest = z.input<typeof templateEditionFieldsRequest>;

/** Publish the draft the editor shows: another draft number answers 10409 (`staleDraft`). */
export const templatePublishRequest = z.object({
  id: z.uuid(),
  version: z.number().int().min(1),
});
export type TemplatePublishRequest = z.input<typeof templatePublishRequest>;

export const templateRetireRequest = z.object({ id: z.uuid() });
export type TemplateRetireRequest = z.input<typeof templateRetireRequest>;

/** The PDF of one edition, for the field editor and its preview. */
export const templateEditionQuery = z.object({
  id: z.uuid(),
  version: z.coerce.number().int().min(1),
  language: DocumentLanguage,
});

export const templateLibraryQuery = z.object({
  /** Words in the title of either language, any case. */
  q: z.string().trim().max(200).optional(),
  kind: DocumentKind.optional(),
  status: TemplateStatus.optional(),
});
export type TemplateLibraryQuery = z.input<typeof templateLibraryQuery>;

export const templateEdition = z.object({
  language: DocumentLanguage,
  title: z.string(),
  description: z.string(),
  page_count: z.number().int(),
  size: z.number().int(),
  sha256: z.string(),
  fields: documentFields,
  updated_at: isoTime,
});
export type TemplateEdition = z.infer<typeof templateEdition>;

export const templateVersion = z.object({
  version: z.number().int(),
  status: TemplateVersionStatus,
  /** gb first. */
  editions: z.array(templateEdition),
  created_at: isoTime,
  published_at: isoTime.nullable(),
  /** Documents sent with this version. */
  sent: z.number().int(),
});
export type TemplateVersion = z.infer<typeof templateVersion>;

/**
 * How much a template is used, over all its versions: assignments sent (any status), signed
 * (signed, submitted or completed) and pending (in progress or awaiting signature); for a
 * reference document, `read` counts the patients who opened it.
 */
export const templateUse = z.object({
  sent: z.number().int(),
  signed: z.number().int(),
  pending: z.number().int(),
  read: z.number().int(),
});
export type TemplateUse = z.infer<typeof templateUse>;

export const templateSummary = z.object({
  id: z.uuid(),
  kind: DocumentKind,
  status: TemplateStatus,
  /** Of the published version, else of the draft. */
  titles: z.object({ gb: z.string(), cn: z.string().nullable() }),
  languages: z.array(DocumentLanguage),
  /** The version patients are sent (null until first published; the last one once retired). */
  published_version: z.number().int().nullable(),
  draft_version: z.number().int().nullable(),
  use: templateUse,
  created_by: z.uuid().nullable(),
  created_at: isoTime,
  updated_at: isoTime,
});
export type TemplateSummary = z.infer<typeof templateSummary>;

export const templateLibrary = z.object({ items: z.array(templateSummary) });
export type TemplateLibrary = z.infer<typeof templateLibrary>;

export const templateDetail = templateSummary.extend({
  /** Newest first. */
  versions: z.array(templateVersion),
});
export type TemplateDetail = z.infer<typeof templateDetail>;

/**
 * 10400 refusals of publishing, with the path naming the edition (`editions.cn.fields`,
 * `editions.gb`); clients choose their translated text by them.
 */
export const TEMPLATE_PUBLISH_REFUSALS = {
  missingSignatureField: 'A form for signature needs a signature field in this edition',
  missingGbEdition: 'The gb edition is required to publish',
  editionWithoutPdf: 'This edition has no PDF yet',
} as const;

/** Hours before the due date the patient is reminded of an unsigned document (a clinic setting). */
export const DOCUMENT_REMINDER_HOURS = { min: 1, max: 14 * 24, default: 48 } as const;
