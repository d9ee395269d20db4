import { eq } from 'drizzle-orm';
import { Codes, ProtocolError, type clinicActionRequest, type ClinicAssignment } from '@portal/protocol';
import type { z } from 'zod';
import type { AppContext, RequestMeta } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import { mailPatients } from './document-mail.ts';
import { moveDocument } from './move-document.ts';
import { findAssignment } from './document-queries.ts';
import { clinicAssignmentOf } from './read-clinic-assignments.ts';

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
    return clinicAssignmentOf(ctx, tx, (await findAssignment(tx, row.id))!);
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
