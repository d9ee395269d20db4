import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { patientResources } from '../../db/schema/index.ts';
import { decryptedResource } from './resource-queries.ts';

/**
 * Which of `candidates` (a subquery of user ids) were born on `isoDate`. The date of birth is
 * encrypted with the profile, so the candidates' profiles are read and opened: callers pass a
 * bounded set (one worklist queue), never every patient.
 */
export async function findPatientsBornOn(
  ctx: AppContext,
  db: Queryable,
  candidates: SQL,
  isoDate: string,
): Promise<string[]> {
  const rows = await db
    .select()
    .from(patientResources)
    .where(and(eq(patientResources.kind, 'profile'), inArray(patientResources.userId, candidates)));
  return rows
    .filter(
      (row) => (decryptedResource(ctx, row).value as { date_of_birth?: string }).date_of_birth === isoDate,
    )
    .map((row) => row.userId);
}
