import type { ChartCaregivers } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { findGrantPatient } from './grant-terms.ts';
import { chartCaregiversOf } from './read-chart-caregivers.ts';
import { endGrant } from './revoke-grant.ts';
import type { Actor } from '../../plugins/auth.ts';

/** `POST /admin/patients/:id/caregivers/revoke/`: staff end a grant of this patient (another's answers 10404). */
export function revokeChartGrant(
  ctx: AppContext,
  actor: Actor,
  patientId: string,
  grantId: string,
): Promise<ChartCaregivers> {
  return ctx.db.transaction(async (tx) => {
    await findGrantPatient(tx, patientId);
    await endGrant(ctx, tx, patientId, grantId, { userId: actor.userId, meta: actor.meta });
    return chartCaregiversOf(ctx, tx, patientId);
  });
}
