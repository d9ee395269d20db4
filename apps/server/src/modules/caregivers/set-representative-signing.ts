import { and, eq, gte } from 'drizzle-orm';
import type { ChartCaregivers } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { caregiverGrants, users } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import { todayOf } from '../auth/index.ts';
import { queueEvent } from '../events/index.ts';
import { findGrantPatient } from './grant-terms.ts';
import { chartCaregiversOf } from './read-chart-caregivers.ts';
import type { Actor } from '../../plugins/auth.ts';

/**
 * `POST /admin/patients/:id/representative_signing/`: whether this patient's caregivers may sign
 * as authorised representative. The auth plugin reads the flag on every signing request, so
 * turning it off stops signing at once without editing grants; the caregivers' portals refresh
 * to show it.
 */
export function setRepresentativeSigning(
  ctx: AppContext,
  actor: Actor,
  patientId: string,
  allowed: boolean,
): Promise<ChartCaregivers> {
  return ctx.db.transaction(async (tx) => {
    await findGrantPatient(tx, patientId);
    await tx.update(users).set({ representativeSigningAllowed: allowed }).where(eq(users.id, patientId));
    const live = await tx
      .select({ caregiverId: caregiverGrants.caregiverId })
      .from(caregiverGrants)
      .where(
        and(
          eq(caregiverGrants.patientId, patientId),
          eq(caregiverGrants.status, 'active'),
          gte(caregiverGrants.endsOn, todayOf(ctx.now())),
        ),
      );
    for (const { caregiverId } of live)
      if (caregiverId) await queueEvent(ctx, tx, caregiverId, 'refresh_token');
    await recordAudit(tx, actor.meta, {
      action: 'caregiver.representative_signing',
      outcome: 'success',
      actorId: actor.userId,
      subjectId: patientId,
      target: `users:${patientId}`,
      detail: { allowed },
    });
    return chartCaregiversOf(ctx, tx, patientId);
  });
}
