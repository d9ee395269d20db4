import type { Group } from '@medplum/fhirtypes';
import { and, asc, count, gt } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { patientAccount } from '../../../db/patient-account.ts';
import { users } from '../../../db/schema/index.ts';
import { FhirError } from '../operation-outcome.ts';

/**
 * Decision 0039: the portal has one Group, the clinic's whole roster. Worklist assignments are no
 * cohort: they end when the item leaves its queue.
 */
export const ROSTER_GROUP_ID = 'roster';

/** Refuses an unknown group id with 404, as for any unknown resource. */
export function requireGroup(groupId: string): void {
  if (groupId !== ROSTER_GROUP_ID) throw new FhirError('not-found', `No Group ${groupId}`);
}

/** The roster as a FHIR Group: its size, not its members (they are the Patient/$export). */
export async function rosterGroup(ctx: AppContext): Promise<Group> {
  const [row] = await ctx.db.select({ patients: count() }).from(users).where(patientAccount());
  return {
    resourceType: 'Group',
    id: ROSTER_GROUP_ID,
    type: 'person',
    actual: true,
    name: 'All patients of the clinic',
    quantity: row?.patients ?? 0,
  };
}

/** The next `limit` patients of a group after `afterId`, in id order (keyset pages). */
export async function patientsAfter(
  ctx: AppContext,
  afterId: string | null,
  limit: number,
): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(afterId ? and(patientAccount(), gt(users.id, afterId)) : patientAccount())
    .orderBy(asc(users.id))
    .limit(limit);
  return rows.map((row) => row.id);
}
