import { z } from 'zod';
import { Locale } from './auth.ts';
import { DocumentAction, DocumentStatus } from './document-status.ts';

// The patient's document list on its own module, apart from the clinic's and the signing
// schemas: the welcome page's two document cards parse it on the patient's first screen.

/** Reference documents are read by every patient; signature documents are assigned to one. */
export const DocumentKind = z.enum(['reference', 'signature']);
export type DocumentKind = z.infer<typeof DocumentKind>;

const isoTime = z.string().describe('ISO 8601 time, UTC');

/** A document as the patient sees it; reference documents have no status. */
export const patientDocument = z.object({
  id: z.uuid(),
  kind: DocumentKind,
  title: z.string(),
  description: z.string(),
  status: DocumentStatus.nullable(),
  due_at: isoTime.nullable(),
  created_at: isoTime,
  updated_at: isoTime,
  /** The patient's moves the state table allows now. */
  actions: z.array(DocumentAction),
  /** A signed PDF exists (after sign or submit). */
  signed: z.boolean(),
  rejection_reason: z.string().nullable(),
  /** The template version sent (signature) or published now (reference). */
  template_version: z.number().int(),
  /** The edition shown: the patient's language when the version has it, else gb. */
  language: Locale,
  /** The patient reads cn but the version has no cn edition: the web app says so. */
  edition_fallback: z.boolean(),
  /** Reference documents: when the patient first opened it (null: unread); always null for signature documents. */
  read_at: isoTime.nullable(),
});
export type PatientDocument = z.infer<typeof patientDocument>;

export const documentsPage = z.object({
  items: z.array(patientDocument),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
  /** The patient's assigned documents per status, whatever the filter. */
  counts: z.record(DocumentStatus, z.number().int()),
  /** Published reference documents the patient has not opened yet (the welcome page's "Documents to read"). */
  unread: z.number().int(),
});
export type DocumentsPage = z.infer<typeof documentsPage>;
