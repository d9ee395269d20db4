import {
  documentActionsFor,
  type ClinicAssignment,
  type DocumentEvent,
  type DocumentStatus,
  type DocumentTemplate,
  type PatientDocument,
} from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { pickEdition, type AssignmentRow, type EventRow, type PublishedRow } from './document-queries.ts';

/** Binds the encrypted rejection reason to its assignment. */
export const reasonContext = (assignmentId: string) => `document_assignments:${assignmentId}:reason`;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function rejectionReasonOf(ctx: AppContext, row: Pick<AssignmentRow, 'id' | 'rejectionReason'>) {
  return row.rejectionReason
    ? ctx.cipher.decrypt(row.rejectionReason, reasonContext(row.id)).toString('utf8')
    : null;
}

export function patientDocumentView(ctx: AppContext, row: AssignmentRow): PatientDocument {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    description: row.description,
    status: row.status,
    due_at: iso(row.dueAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    actions: documentActionsFor(row.status, 'patient'),
    signed: row.signedFileId !== null,
    rejection_reason: rejectionReasonOf(ctx, row),
    template_version: row.templateVersion,
    language: row.language,
    edition_fallback: row.editionFallback,
    read_at: null,
  };
}

/** A published reference document in the reader's language; `updated_at` is when that version was published. */
export function referenceDocumentView(
  template: PublishedRow & { readAt: Date | null },
  locale: string,
): PatientDocument {
  const { language, edition, fallback } = pickEdition(template, locale);
  return {
    id: template.id,
    kind: 'reference',
    title: edition.title,
    description: edition.description,
    status: null,
    due_at: null,
    created_at: template.createdAt.toISOString(),
    updated_at: (template.publishedAt ?? template.createdAt).toISOString(),
    actions: [],
    signed: false,
    rejection_reason: null,
    template_version: template.version,
    language,
    edition_fallback: fallback,
    read_at: iso(template.readAt),
  };
}

/** A template that can be sent, as its published version's gb edition. */
export function templateView(
  template: PublishedRow,
  file: { size: number; sha256: string },
): DocumentTemplate {
  return {
    id: template.id,
    kind: template.kind,
    version: template.version,
    languages: template.cn ? ['gb', 'cn'] : ['gb'],
    title: template.gb.title,
    description: template.gb.description,
    fields: template.gb.fields,
    page_count: template.gb.pageCount,
    size: file.size,
    sha256: file.sha256,
    created_at: template.createdAt.toISOString(),
    updated_at: template.updatedAt.toISOString(),
  };
}

export function eventView(row: EventRow): DocumentEvent {
  return {
    at: row.at.toISOString(),
    action: row.action,
    actor: row.actor,
    actor_id: row.actorId,
    from_status: row.fromStatus as DocumentStatus | null,
    to_status: row.toStatus as DocumentStatus | null,
    ip: row.ip,
    user_agent: row.userAgent,
    edition: row.edition,
    on_behalf_by: row.onBehalfBy,
    grant_id: row.grantId,
  };
}

export function clinicAssignmentView(
  ctx: AppContext,
  row: AssignmentRow,
  events: DocumentEvent[],
  signedSha256: string | null,
): ClinicAssignment {
  return {
    id: row.id,
    template_id: row.templateId,
    template_version: row.templateVersion,
    title: row.titleGb,
    patient_id: row.patientId,
    status: row.status,
    version: row.version,
    due_at: iso(row.dueAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    rejection_reason: rejectionReasonOf(ctx, row),
    signed_sha256: signedSha256,
    resent_from_id: row.resentFromId,
    edition: row.edition,
    events,
  };
}
