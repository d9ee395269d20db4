import type { Queryable } from '../../db/database.ts';
import { users } from '../../db/schema/index.ts';

/** Who the account is for, as the protocol's requests name them. */
export interface AccountHolder {
  email: string;
  first_name: string;
  last_name: string;
}

/** What a kind of account sets beyond the schema's defaults (a patient, active, unverified). */
export type AccountSettings = Partial<
  Pick<
    typeof users.$inferInsert,
    'passwordHash' | 'locale' | 'roles' | 'auths' | 'status' | 'emailVerifiedAt'
  >
>;

/**
 * Opens an account; undefined when the e-mail already has one. The unique index decides, not a
 * read before the insert, so of two requests for one address at once exactly one opens it.
 */
export async function insertAccount(
  db: Queryable,
  holder: AccountHolder,
  settings: AccountSettings,
): Promise<string | undefined> {
  const [created] = await db
    .insert(users)
    .values({ email: holder.email, firstName: holder.first_name, lastName: holder.last_name, ...settings })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return created?.id;
}
