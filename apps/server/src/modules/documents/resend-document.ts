import { eq } from 'drizzle-orm';
import {
  Codes,
  DOCUMENT_CONFLICTS,
  ProtocolError,
  type ClinicAssignment,
  type DocumentStatus,
  type resendRequest,
} from '@portal/protocol';
import type { z } from 'zod';
import type { AppContext, RequestMeta } from '../../context.ts';
import { documentAssignments, users } from '../../db/schema/index.ts';
import { assignmentViews, createAssignments, lockTemplate } from './assign-documents.ts';
import { mailPatients } from './document-mail.ts';
import { findAssignment } from './document-queries.ts';

const RESENDABLE: readonly DocumentStatus[] = ['rejected', 'expired'];

/**
 * `POST /admin/documents/assignment/resend/`: a new assignment of the same template, linked to
 * the declined (or expired) one and sent at once. Each is re-sent once: a second try, even a
 * parallel one, answers 10409.
 */
export async function resendDocument(
  ctx: AppContext,
  adminId: string,
  input: z.output<typeof resendRequest>,
  meta: RequestMeta,
): Promise<ClinicAssignment> {
  const row = await findAssignment(ctx.db, input.id);
  if (!row) throw new ProtocolError(Codes.itemsNotFound);
  if (!RESENDABLE.includes(row.status))
    throw new ProtocolError(Codes.conflict, DOCUMENT_CONFLICTS.notResendable);
  const dueAt = input.due_at ? new Date(input.due_at) : null;
  if (dueAt && dueAt <= ctx.now()) {
    throw new ProtocolError(Codes.validation, undefined, [
      { path: 'due_at', message: 'The due date must be in the future' },
    ]);
  }
  const [id] = await ctx.db.transaction(async (tx) => {
    // Under the template's lock, so a parallel re-send of the same row waits and then sees this one.
    await lockTemplate(tx, row.templateId);
    const [earlier] = await tx
      .select({ id: documentAssignments.id })
      .from(documentAssignments)
      .where(eq(documentAssignments.resentFromId, row.id));
    if (earlier) throw new ProtocolError(Codes.conflict, DOCUMENT_CONFLICTS.alreadyResent);
    return createAssignments(ctx, tx, {
      templateId: row.templateId,
      patientIds: [row.patientId],
      dueAt,
      send: true,
      adminId,
      meta,
      resentFromId: row.id,
    });
  });
  const [patient] = await ctx.db
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(eq(users.id, row.patientId));
  if (patient) await mailPatients(ctx, 'document_assigned', [patient]);
  const [view] = await assignmentViews(ctx, [id!]);
  return view!;
}
