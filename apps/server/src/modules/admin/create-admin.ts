import { CLINIC_ADMIN_AUTHS, emailSchema, nameSchema } from '@portal/protocol';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { recordAudit } from '../audit/index.ts';
import { assertPasswordPolicy, insertAccount } from '../auth/index.ts';

export const createAdminInput = z.object({
  email: emailSchema,
  first_name: nameSchema,
  last_name: nameSchema,
  password: z.string(),
});

/** Bootstraps an administrator (production never seeds demo accounts). */
export async function createAdmin(ctx: AppContext, input: z.infer<typeof createAdminInput>): Promise<string> {
  assertPasswordPolicy(input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const userId = await insertAccount(tx, input, {
      passwordHash,
      roles: ['admin'],
      auths: [...CLINIC_ADMIN_AUTHS],
      emailVerifiedAt: ctx.now(),
    });
    if (!userId) throw new Error(`An account with the e-mail ${input.email} already exists`);
    await recordAudit(tx, null, {
      action: 'admin.create',
      outcome: 'success',
      subjectId: userId,
      detail: { via: 'cli' },
    });
    return userId;
  });
}
