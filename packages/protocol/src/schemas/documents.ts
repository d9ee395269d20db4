import { z } from 'zod';
import { DocumentAction, DocumentStatus } from './document-status.ts';
import { Locale } from './auth.ts';
import { documentField, documentFields } from './document-fields.ts';
import { DocumentKind, patientDocument } from './documents-page.ts';

export * from './document-status.ts';
export * from './documents-page.ts';
export * from './document-fields.ts';
export * from './document-library.ts';

/** Largest PDF the clinic may upload (protocol.md §6: 10413 beyond it). */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
/** A drawn signature is a small PNG; anything larger is not a signature. */
export const MAX_SIGNATURE_PNG_BYTES = 512 * 1024;
export const DOCUMENTS_PAGE_SIZE = 20;

const base64Text = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Expected base64');
const isoTime = z.string().describe('ISO 8601 time, UTC');

// ---- Clinic side (/admin/documents/...) ----

/**
 * Sealed body: the size cap is the server's (10413), not a validation error. The quick upload:
 * a template published at once as version 1 with this gb edition (the library routes make drafts).
 */
export const templateUploadRequest = z.object({
  kind: DocumentKind,
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().max(2_000).default(''),
  pdf_base64: base64Text.min(1, 'Required'),
});

/** A template that can be sent: its published version's gb edition. */
export const documentTemplate = z.object({
  id: z.uuid(),
  kind: DocumentKind,
  /** The published version's number. */
  version: z.number().int(),
  languages: z.array(Locale),
  title: z.string(),
  description: z.string(),
  fields: z.array(documentField),
  page_count: z.number().int(),
  size: z.number().int(),
  sha256: z.string(),
  created_at: isoTime,
  updated_at: isoTime,
});
export type DocumentTemplate = z.infer<typeof documentTemplate>;

/** `GET /admin/documents/templates/`: the templates that can be sent (published, not retired). */
export const templateList = z.object({ items: z.array(documentTemplate) });

/**
 * The published version's gb fields, in place, while nothing was sent with that version
 * (10409 `versionInUse` after: the library's draft is the way then).
 */
export const templateFieldsRequest = z.object({
  id: z.uuid(),
  fields: documentFields,
});

export const assignDocumentRequest = z.object({
  template_id: z.uuid(),
  patient_ids: z.array(z.uuid()).min(1).max(200),
  /** Signing closes at this time; absent: the document never expires. */
  due_at: z.iso.datetime({ offset: true }).optional(),
  /** false keeps the document In Progress (draft) for the patient to submit, or for the clinic to send later. */
  send: z.boolean().default(true),
});
export type AssignDocumentRequest = z.input<typeof assignDocumentRequest>;

/** The moves an administrator makes, as named in the state table. */
export const ClinicDocumentAction = DocumentAction.extract(['send', 'accept', 'countersign', 'cancel']);
export const clinicActionRequest = z.object({
  id: z.uuid(),
  action: ClinicDocumentAction,
  /** The version the administrator saw; another change since then answers 10409. */
  version: z.number().int().min(1).optional(),
});

/** Re-send a declined or expired document: a new assignment linked to it, sent at once. */
export const resendRequest = z.object({
  id: z.uuid(),
  due_at: z.iso.datetime({ offset: true }).optional(),
});

/** 10409 messages of the document APIs; clients choose their translated text by them. */
export const DOCUMENT_CONFLICTS = {
  alreadyOpen: 'The patient already has this document open (in progress, awaiting signature or submitted)',
  alreadyResent: 'This document was already re-sent',
  notResendable: 'Only a declined or expired document can be re-sent',
  templateRetired: 'This template is retired and can no longer be sent or changed',
  templateNotPublished: 'This template has no published version yet',
  alreadyRetired: 'This template is already retired',
  staleDraft: 'The draft changed or was published since it was loaded; reload it',
  noDraft: 'This template has no draft to publish',
  versionInUse: 'Documents were already sent with this version: change it as a new version in the library',
} as const;

export const documentEvent = z.object({
  at: isoTime,
  action: z.string(),
  actor: z.enum(['patient', 'clinic', 'system']),
  actor_id: z.string().nullable(),
  from_status: DocumentStatus.nullable(),
  to_status: DocumentStatus.nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** The edition the patient was shown or signed (view, open_signing, sign, submit); else null. */
  edition: Locale.nullable(),
  /**
   * A move a caregiver made for the patient (decision 0023): their name and the grant they acted
   * under (`actor_id` is then the caregiver's); null for the patient's own and the clinic's.
   */
  on_behalf_by: z.string().nullable(),
  grant_id: z.uuid().nullable(),
});
export type DocumentEvent = z.infer<typeof documentEvent>;

export const clinicAssignment = z.object({
  id: z.uuid(),
  template_id: z.uuid(),
  /** The template version the document was sent with; later versions never change it. */
  template_version: z.number().int(),
  title: z.string(),
  patient_id: z.uuid(),
  status: DocumentStatus,
  version: z.number().int(),
  due_at: isoTime.nullable(),
  created_at: isoTime,
  updated_at: isoTime,
  rejection_reason: z.string().nullable(),
  signed_sha256: z.string().nullable(),
  /** The declined or expired assignment this one re-sends. */
  resent_from_id: z.uuid().nullable(),
  /** The edition signed or submitted; null before. */
  edition: Locale.nullable(),
  events: z.array(documentEvent),
});
export type ClinicAssignment = z.infer<typeof clinicAssignment>;

export const clinicAssignmentList = z.object({ items: z.array(clinicAssignment) });
export const patientIdQuery = z.object({ patient_id: z.uuid() });
export const idQuery = z.object({ id: z.uuid() });

export const documentPdf = z.object({
  filename: z.string(),
  sha256: z.string(),
  pdf_base64: z.string(),
});
export type DocumentPdf = z.infer<typeof documentPdf>;

/** A PDF's download name from its title: letters, digits and dashes (server and web name it alike). */
export function pdfFilename(title: string, signed: boolean): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .toLowerCase()
    .slice(0, 60);
  return `${slug || 'document'}${signed ? '-signed' : ''}.pdf`;
}

// ---- Patient side (protocol.md §7) ----

export const documentsQuery = z.object({
  status: DocumentStatus.optional(),
  kind: DocumentKind.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const documentDetail = patientDocument.extend({
  /** The signed PDF once there is one, else the original. */
  file: z.enum(['original', 'signed']),
  /**
   * Who signed or submitted it as the patient's authorised representative (decision 0023): the
   * caregiver's name; null when the patient did, or before.
   */
  signed_on_behalf_by: z.string().nullable(),
  sha256: z.string(),
  pdf_base64: z.string(),
});
export type DocumentDetail = z.infer<typeof documentDetail>;

/** A prefilled text field carries its value from the patient's intake (empty when not given). */
export const signingField = documentField.extend({ value: z.string().optional() });
export type SigningField = z.infer<typeof signingField>;

/** The edition in `document.language`, whose fields these are. */
export const signingSession = z.object({
  document: patientDocument,
  fields: z.array(signingField),
  consent_text: z.string(),
  signer_name: z.string(),
});
export type SigningSession = z.infer<typeof signingSession>;

export const documentSignature = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('drawn'), png_base64: base64Text.min(1, 'Required') }),
  z.object({ kind: z.literal('typed'), text: z.string().trim().min(1, 'Required').max(100) }),
]);
export type DocumentSignature = z.infer<typeof documentSignature>;

/** Sign (or submit a draft) with consent. */
export const signDocumentRequest = z.object({
  id: z.uuid(),
  action: z.enum(['sign', 'submit']),
  /** The edition the patient was shown (`document.language`); absent: the one they are shown now. 10400 if the version has none. */
  language: Locale.optional(),
  signature: documentSignature,
  consent: z.literal(true, { error: 'Consent is required' }),
});

/** Decline, with a reason for the care team. */
export const rejectDocumentRequest = z.object({
  id: z.uuid(),
  action: z.literal('reject'),
  reason: z.string().trim().min(1, 'Required').max(1_000),
});

/** protocol.md §7 `POST /patient/sign/`: sign (or submit a draft) with consent, or reject with a reason. */
export const signRequest = z.discriminatedUnion('action', [signDocumentRequest, rejectDocumentRequest]);
export type SignRequest = z.input<typeof signRequest>;
