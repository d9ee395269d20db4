import { eq } from 'drizzle-orm';
import { CLINIC_ADMIN_AUTHS, emailSchema, nameSchema } from '@portal/protocol';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { recordAudit } from '../audit/index.ts';
import { assertPasswordPolicy } from '../auth/index.ts';

export const createAdminInput = z.object({
  email: emailSchema,
  first_name: nameSchema,
  last_name: nameSchema,
  password: z.string(),
});

/** Bootstraps an administrator (production never seeds demo accounts). */
export async function createAdmin(ctx: AppContext, input: z.infer<typeof createAdminInput>): Promise<string> {
  assertPasswordPolicy(input.password, 'password');
  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (existing) throw new Error(`An account with the e-mail ${input.email} already exists`);
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
        roles: ['admin'],
        auths: [...CLINIC_ADMIN_AUTHS],
        emailVerifiedAt: ctx.now(),
      })
      .returning({ id: users.id });
    await recordAudit(tx, null, {
      action: 'admin.create',
      outcome: 'success',
      subjectId: user!.id,
      detail: { via: 'cli' },
    });
    return user!.id;
  });
}
