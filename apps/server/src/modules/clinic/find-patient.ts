import { and, arrayContains, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database.ts';
import { users } from '../../db/schema/index.ts';

/** Whether the id names a patient (an account with the `user` role); staff accounts have no chart. */
export async function isPatient(db: Queryable, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), arrayContains(users.roles, ['user'])))
    .limit(1);
  return row !== undefined;
}
