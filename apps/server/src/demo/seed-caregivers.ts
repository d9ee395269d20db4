import { eq } from 'drizzle-orm';
import { CAREGIVER_SCOPES, GRANT_MAX_DAYS } from '@portal/protocol';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { caregiverGrants, users } from '../db/schema/index.ts';
import { insertGrant, todayPlusDays } from '../modules/caregivers/index.ts';

/**
 * The caregivers demo: the clinic allows the demo patient's caregivers to sign as authorised
 * representative, and their daughter holds a live grant with every scope for a year, so
 * `npm start` shows acting for someone at once. She joined only to help: caregiver-only
 * (decision 0032).
 */
export async function seedDemoCaregiver(
  ctx: AppContext,
  db: Queryable,
  patientId: string,
  caregiver: { id: string; email: string },
): Promise<void> {
  await db.update(users).set({ representativeSigningAllowed: true }).where(eq(users.id, patientId));
  await db.update(users).set({ isPatient: false }).where(eq(users.id, caregiver.id));
  const grant = await insertGrant(ctx, db, {
    patientId,
    details: { email: caregiver.email, relationship: 'Daughter', authorityFileName: null },
    scopes: [...CAREGIVER_SCOPES],
    endsOn: todayPlusDays(ctx.now(), Math.min(365, GRANT_MAX_DAYS)),
    source: 'patient',
    inviteTokenHash: null,
    inviteExpiresAt: null,
    createdBy: patientId,
  });
  await db
    .update(caregiverGrants)
    .set({ status: 'active', caregiverId: caregiver.id, acceptedAt: ctx.now() })
    .where(eq(caregiverGrants.id, grant.id));
}
