import {
  documentActionsFor,
  type ClinicAssignment,
  type DocumentEvent,
  type DocumentStatus,
  type DocumentTemplate,
  type PatientDocument,
} from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { documentEvents, documentTemplates } from '../../db/schema/index.ts';
import type { AssignmentRow } from './queries.ts';

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
  };
}

export function referenceDocumentView(template: typeof documentTemplates.$inferSelect): PatientDocument {
  return {
    id: template.id,
    kind: 'reference',
    title: template.title,
    description: template.description,
    status: null,
    due_at: null,
    created_at: template.createdAt.toISOString(),
    updated_at: template.updatedAt.toISOString(),
    actions: [],
    signed: false,
    rejection_reason: null,
  };
}

export function templateView(
  template: typeof documentTemplates.$inferSelect,
  file: { size: number; sha256: string },
): DocumentTemplate {
  return {
    id: template.id,
    kind: template.kind,
    title: template.title,
    description: template.description,
    fields: template.fields,
    page_count: template.pageCount,
    size: file.size,
    sha256: file.sha256,
    created_at: template.createdAt.toISOString(),
    updated_at: template.updatedAt.toISOString(),
  };
}

export function eventView(row: typeof documentEvents.$inferSelect): DocumentEvent {
  return {
    at: row.at.toISOString(),
    action: row.action,
    actor: row.actor,
    actor_id: row.actorId,
    from_status: row.fromStatus as DocumentStatus | null,
    to_status: row.toStatus as DocumentStatus | null,
    ip: row.ip,
    user_agent: row.userAgent,
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
    title: row.title,
    patient_id: row.patientId,
    status: row.status,
    version: row.version,
    due_at: iso(row.dueAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    rejection_reason: rejectionReasonOf(ctx, row),
    signed_sha256: signedSha256,
    resent_from_id: row.resentFromId,
    events,
  };
}
