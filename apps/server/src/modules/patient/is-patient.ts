import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database.ts';
import { patientAccount } from '../../db/patient-account.ts';
import { users } from '../../db/schema/index.ts';

/**
 * Whether the id names a patient (decision 0032): staff accounts and caregiver-only accounts have
 * no chart.
 */
export async function isPatient(db: Queryable, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), patientAccount()))
    .limit(1);
  return row !== undefined;
}
