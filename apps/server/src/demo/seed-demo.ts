import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/passwords.ts';
import { savePatientResource } from '../modules/patient/resource-store.ts';
import { seedDemoDocuments } from './seed-documents.ts';

export const DEMO_ACCOUNTS = [
  {
    email: 'patient@example.com',
    password: 'Patient-demo-2025',
    firstName: 'Pat',
    lastName: 'Example',
    roles: ['user'],
    auths: [],
    dateOfBirth: '1958-04-12',
  },
  {
    email: 'admin@example.com',
    password: 'Admin-demo-2025',
    firstName: 'Alex',
    lastName: 'Admin',
    roles: ['admin'],
    auths: ['admin'],
    dateOfBirth: null,
  },
] as const;

/** Outside production, an empty database gets a demo patient and admin (README lists them). */
export async function seedDemo(ctx: AppContext): Promise<boolean> {
  const [{ count } = { count: 0 }] = await ctx.db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return false;
  const ids = new Map<string, string>();
  for (const account of DEMO_ACCOUNTS) {
    const passwordHash = await hashPassword(account.password);
    await ctx.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: account.email,
          passwordHash,
          firstName: account.firstName,
          lastName: account.lastName,
          roles: [...account.roles],
          auths: [...account.auths],
          emailVerifiedAt: ctx.now(),
        })
        .returning({ id: users.id });
      ids.set(account.email, user!.id);
      if (account.dateOfBirth) {
        await savePatientResource(ctx, tx, user!.id, 'profile', {
          first_name: account.firstName,
          last_name: account.lastName,
          date_of_birth: account.dateOfBirth,
        });
      }
    });
  }
  await seedDemoDocuments(ctx, ids.get(DEMO_ACCOUNTS[0].email)!, ids.get(DEMO_ACCOUNTS[1].email)!);
  return true;
}
