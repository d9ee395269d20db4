import { and, eq } from 'drizzle-orm';
import { Codes, ProtocolError, type PatientAssessmentRecord } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { patientAccount } from '../../db/patient-account.ts';
import { users } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import { historyView } from './assessment-view.ts';
import { auditTarget, definitionOf } from './instrument.ts';
import type { Actor } from '../../plugins/auth.ts';

/**
 * `GET /admin/patients/:id/bf_adl/`: a patient's latest score and history, read-only and
 * without the unsent draft. An id that names no patient answers 10404, and the attempt is
 * audited like a read.
 */
export async function readPatientAssessment(
  ctx: AppContext,
  actor: Actor,
  patientId: string,
  instrument: string,
): Promise<PatientAssessmentRecord> {
  const definition = definitionOf(instrument);
  const record = await ctx.db.transaction(async (tx) => {
    const [patient] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, patientId), patientAccount()));
    await recordAudit(tx, actor.meta, {
      action: 'admin.assessment.read',
      outcome: patient ? 'success' : 'failure',
      actorId: actor.userId,
      subjectId: patientId,
      target: auditTarget(definition),
    });
    if (!patient) return undefined;
    return { patient_id: patient.id, ...(await historyView(ctx, tx, patient.id, definition)) };
  });
  // Thrown after the commit, so the refused look-up stays in the audit log.
  if (!record) throw new ProtocolError(Codes.itemsNotFound);
  return record;
}
