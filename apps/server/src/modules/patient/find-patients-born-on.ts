import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { patientResources } from '../../db/schema/index.ts';
import { dateOfBirthHash, unhashedProfile } from './date-of-birth-hash.ts';
import { decryptedResource } from './resource-queries.ts';

/**
 * Patients born on `isoDate`: those whose profile's keyed hash is the date's, read from its
 * index (decision 0041), and those among `openable` (a subquery of user ids, e.g. one worklist
 * queue) whose profile is not hashed yet, opened and compared. Only those profiles are ever
 * opened, so callers pass a bounded set; the answer may name patients outside it, which the
 * caller narrows to its own.
 */
export async function findPatientsBornOn(
  ctx: AppContext,
  db: Queryable,
  openable: SQL,
  isoDate: string,
): Promise<string[]> {
  const hashed = await db
    .select({ userId: patientResources.userId })
    .from(patientResources)
    .where(
      and(
        eq(patientResources.kind, 'profile'),
        eq(patientResources.dateOfBirthHash, dateOfBirthHash(ctx, isoDate)),
        eq(patientResources.dateOfBirthHashVersion, patientResources.version),
      ),
    );
  // Ids first, from the partial index alone: the planner cannot tell how few profiles are unhashed
  // (it guesses nearly all), and asked for whole rows it reads every profile instead (120 ms at
  // 100,000 patients, when none was unhashed).
  const unhashedIds = await db
    .select({ userId: patientResources.userId })
    .from(patientResources)
    .where(and(unhashedProfile, inArray(patientResources.userId, openable)));
  const unhashed =
    unhashedIds.length === 0
      ? []
      : await db
          .select()
          .from(patientResources)
          .where(
            and(
              eq(patientResources.kind, 'profile'),
              inArray(
                patientResources.userId,
                unhashedIds.map((row) => row.userId),
              ),
            ),
          );
  const opened = unhashed.filter(
    (row) => (decryptedResource(ctx, row).value as { date_of_birth?: string }).date_of_birth === isoDate,
  );
  return [...hashed, ...opened].map((row) => row.userId);
}
