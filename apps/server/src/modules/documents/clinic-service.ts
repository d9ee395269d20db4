import { eq } from 'drizzle-orm';
import {
  Codes,
  ProtocolError,
  type clinicActionRequest,
  type ClinicAssignment,
  type DocumentPdf,
} from '@portal/protocol';
import type { z } from 'zod';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { users } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import { mailPatients } from './document-mail.ts';
import { loadDocumentFile } from './file-store.ts';
import { moveDocument } from './move-document.ts';
import { findAssignment, latestVersion, listAssignments, listEvents, type AssignmentRow } from './queries.ts';
import { clinicAssignmentView, eventView } from './views.ts';

async function viewOf(ctx: AppContext, db: Queryable, row: AssignmentRow): Promise<ClinicAssignment> {
  const [events, version] = await Promise.all([listEvents(db, row.id), latestVersion(db, row.id)]);
  return clinicAssignmentView(ctx, row, events.map(eventView), version?.signedSha256 ?? null);
}

/** send, accept, countersign or cancel: whatever the state table lets the clinic do now. */
export async function applyClinicAction(
  ctx: AppContext,
  adminId: string,
  input: z.output<typeof clinicActionRequest>,
  meta: RequestMeta,
): Promise<ClinicAssignment> {
  const row = await findAssignment(ctx.db, input.id);
  if (!row) throw new ProtocolError(Codes.itemsNotFound);
  if (input.version !== undefined && input.version !== row.version) throw new ProtocolError(Codes.conflict);
  const after = await ctx.db.transaction(async (tx) => {
    await moveDocument(ctx, tx, {
      assignment: row,
      action: input.action,
      actor: 'clinic',
      actorId: adminId,
      meta,
    });
    await recordAudit(tx, meta, {
      action: `document.${input.action}`,
      outcome: 'success',
      actorId: adminId,
      subjectId: row.patientId,
      target: `document_assignments:${row.id}`,
    });
    return viewOf(ctx, tx, (await findAssignment(tx, row.id))!);
  });
  if (input.action === 'send') {
    const [patient] = await ctx.db
      .select({ email: users.email, locale: users.locale })
      .from(users)
      .where(eq(users.id, row.patientId));
    if (patient) await mailPatients(ctx, 'document_assigned', [patient]);
  }
  return after;
}

export async function listPatientAssignments(
  ctx: AppContext,
  adminId: string,
  patientId: string,
  meta: RequestMeta,
): Promise<ClinicAssignment[]> {
  return ctx.db.transaction(async (tx) => {
    const rows = await listAssignments(tx, patientId);
    await recordAudit(tx, meta, {
      action: 'document.list',
      outcome: 'success',
      actorId: adminId,
      subjectId: patientId,
      detail: { count: rows.length },
    });
    return Promise.all(rows.map((row) => viewOf(ctx, tx, row)));
  });
}

export async function readAssignment(
  ctx: AppContext,
  adminId: string,
  id: string,
  meta: RequestMeta,
): Promise<ClinicAssignment> {
  return ctx.db.transaction(async (tx) => {
    const row = await findAssignment(tx, id);
    if (!row) throw new ProtocolError(Codes.itemsNotFound);
    await recordAudit(tx, meta, {
      action: 'document.read',
      outcome: 'success',
      actorId: adminId,
      subjectId: row.patientId,
      target: `document_assignments:${id}`,
    });
    return viewOf(ctx, tx, row);
  });
}

/** The signed PDF; 10404 while the patient has not signed. Every download is audited. */
export async function downloadSignedPdf(
  ctx: AppContext,
  adminId: string,
  id: string,
  meta: RequestMeta,
): Promise<DocumentPdf> {
  return ctx.db.transaction(async (tx) => {
    const row = await findAssignment(tx, id);
    if (!row?.signedFileId) throw new ProtocolError(Codes.itemsNotFound);
    const file = await loadDocumentFile(ctx, tx, row.signedFileId);
    await recordAudit(tx, meta, {
      action: 'document.download',
      outcome: 'success',
      actorId: adminId,
      subjectId: row.patientId,
      target: `document_assignments:${id}`,
      detail: { file: 'signed' },
    });
    return {
      filename: signedFilename(row.title),
      sha256: file.sha256,
      pdf_base64: file.bytes.toString('base64'),
    };
  });
}

/** A safe file name from the title: letters, digits and dashes only. */
export function signedFilename(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .toLowerCase()
    .slice(0, 60);
  return `${slug || 'document'}-signed.pdf`;
}
