import type { ChartCaregivers } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { recordStandaloneAudit } from '../audit/index.ts';
import { grantsOfPatient } from './grant-queries.ts';
import { findGrantPatient } from './grant-terms.ts';
import type { Actor } from '../../plugins/auth.ts';

export async function chartCaregiversOf(
  ctx: AppContext,
  db: Queryable,
  patientId: string,
): Promise<ChartCaregivers> {
  const patient = await findGrantPatient(db, patientId);
  return {
    representative_signing_allowed: patient.representativeSigningAllowed,
    grants: await grantsOfPatient(ctx, db, patientId),
  };
}

/** `GET /admin/patients/:id/caregivers/`: the chart's grants; a staff or unknown id answers 10404. */
export async function readChartCaregivers(
  ctx: AppContext,
  actor: Actor,
  patientId: string,
): Promise<ChartCaregivers> {
  const answer = await chartCaregiversOf(ctx, ctx.db, patientId);
  await recordStandaloneAudit(ctx, actor.meta, {
    action: 'caregiver.read',
    outcome: 'success',
    actorId: actor.userId,
    subjectId: patientId,
    target: 'caregiver_grants',
    detail: { count: answer.grants.length },
  });
  return answer;
}
