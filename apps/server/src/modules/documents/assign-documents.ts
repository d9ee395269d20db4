import { inArray } from 'drizzle-orm';
import {
  Codes,
  ProtocolError,
  type assignDocumentRequest,
  type ClinicAssignment,
  type FieldError,
} from '@portal/protocol';
import type { z } from 'zod';
import type { AppContext, RequestMeta } from '../../context.ts';
import { documentAssignments, users } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/audit-service.ts';
import { mailPatients } from './document-mail.ts';
import { moveDocument, recordDocumentEvent } from './move-document.ts';
import { findAssignment, findTemplate, listEvents } from './queries.ts';
import { clinicAssignmentView, eventView } from './views.ts';

/**
 * Gives a signature template to each patient: a draft, sent for signature at once unless
 * `send` is false. Every patient is checked first, so one wrong id assigns nothing.
 */
export async function assignDocuments(
  ctx: AppContext,
  adminId: string,
  input: z.output<typeof assignDocumentRequest>,
  meta: RequestMeta,
): Promise<ClinicAssignment[]> {
  const template = await findTemplate(ctx.db, input.template_id);
  if (!template) throw new ProtocolError(Codes.itemsNotFound);
  const errors: FieldError[] = [];
  if (template.kind !== 'signature') {
    errors.push({ path: 'template_id', message: 'Reference documents are read by everyone, not assigned' });
  }
  const dueAt = input.due_at ? new Date(input.due_at) : null;
  if (dueAt && dueAt <= ctx.now())
    errors.push({ path: 'due_at', message: 'The due date must be in the future' });
  const patientIds = [...new Set(input.patient_ids)];
  const patients = await ctx.db
    .select({ id: users.id, email: users.email, locale: users.locale, roles: users.roles })
    .from(users)
    .where(inArray(users.id, patientIds));
  const patientById = new Map(patients.filter((p) => p.roles.includes('user')).map((p) => [p.id, p]));
  input.patient_ids.forEach((id, index) => {
    if (!patientById.has(id)) errors.push({ path: `patient_ids.${index}`, message: 'No such patient' });
  });
  if (errors.length > 0) throw new ProtocolError(Codes.validation, undefined, errors);

  const ids = await ctx.db.transaction(async (tx) => {
    const created: string[] = [];
    for (const patientId of patientIds) {
      const now = ctx.now();
      const [row] = await tx
        .insert(documentAssignments)
        .values({
          templateId: template.id,
          patientId,
          status: 'draft',
          dueAt,
          createdBy: adminId,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: documentAssignments.id });
      const id = row!.id;
      await recordDocumentEvent(ctx, tx, {
        assignmentId: id,
        actor: 'clinic',
        actorId: adminId,
        action: 'assign',
        toStatus: 'draft',
        meta,
      });
      if (input.send) {
        await moveDocument(ctx, tx, {
          assignment: { id, status: 'draft', version: 1 },
          action: 'send',
          actor: 'clinic',
          actorId: adminId,
          meta,
        });
      }
      await recordAudit(tx, meta, {
        action: 'document.assign',
        outcome: 'success',
        actorId: adminId,
        subjectId: patientId,
        target: `document_assignments:${id}`,
      });
      created.push(id);
    }
    return created;
  });

  if (input.send) await mailPatients(ctx, 'document_assigned', [...patientById.values()]);
  return Promise.all(
    ids.map(async (id) => {
      const row = (await findAssignment(ctx.db, id))!;
      return clinicAssignmentView(ctx, row, (await listEvents(ctx.db, id)).map(eventView), null);
    }),
  );
}
