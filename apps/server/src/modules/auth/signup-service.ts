import { eq } from 'drizzle-orm';
import type { Locale, SignupRequest } from '@portal/protocol';
import type { AppContext, RequestMeta } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { recordAudit } from '../audit/audit-service.ts';
import { savePatientResource } from '../patient/resource-store.ts';
import { issueEmailToken, redeemEmailToken } from './email-token-service.ts';
import { assertClinicPasswordPolicy } from './password-rules.ts';

/**
 * protocol.md §7. The answer is the same whether or not the e-mail already has an
 * account (no enumeration); the owner of an existing account is told by e-mail instead.
 */
export async function signup(ctx: AppContext, input: SignupRequest, meta: RequestMeta): Promise<void> {
  await assertClinicPasswordPolicy(ctx, input.password, 'password');
  const [existing] = await ctx.db.select().from(users).where(eq(users.email, input.email)).limit(1);
  if (existing) {
    await recordAudit(ctx.db, meta, {
      action: 'signup',
      outcome: 'failure',
      subjectId: existing.id,
      detail: { reason: 'email_taken' },
    });
    await ctx.mailer.send({
      to: existing.email,
      template: 'signup_existing',
      locale: existing.locale as Locale,
      vars: {
        name: existing.firstName,
        link: `${ctx.config.publicUrl}/auth/login`,
      },
    });
    return;
  }
  const passwordHash = await hashPassword(input.password);
  const { userId, token } = await ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
        locale: input.locale,
      })
      .returning({ id: users.id });
    const id = user!.id;
    await savePatientResource(ctx, tx, id, 'profile', {
      first_name: input.first_name,
      last_name: input.last_name,
      date_of_birth: input.date_of_birth,
    });
    await recordAudit(tx, meta, { action: 'signup', outcome: 'success', actorId: id });
    return { userId: id, token: await issueEmailToken(ctx, tx, id, 'verify') };
  });
  await ctx.mailer.send({
    to: input.email,
    template: 'verify_email',
    locale: input.locale,
    vars: {
      name: input.first_name,
      link: `${ctx.config.publicUrl}/auth/verify-email?token=${token}`,
    },
  });
  ctx.log.info({ userId }, 'signup');
}

export async function verifyEmail(ctx: AppContext, token: string, meta: RequestMeta): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const userId = await redeemEmailToken(ctx, tx, token, 'verify');
    await tx
      .update(users)
      .set({ emailVerifiedAt: ctx.now(), updatedAt: ctx.now() })
      .where(eq(users.id, userId));
    await recordAudit(tx, meta, { action: 'email.verify', outcome: 'success', actorId: userId });
  });
}
