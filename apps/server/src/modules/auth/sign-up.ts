import { eq } from 'drizzle-orm';
import type { Locale, SignupRequest } from '@portal/protocol';
import type { AppContext, RequestMeta } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { recordAudit } from '../audit/index.ts';
import type { MailRequest } from '../mail/index.ts';
import { savePatientResource } from '../patient/index.ts';
import { insertAccount } from './account-queries.ts';
import { issueEmailToken, redeemEmailToken } from './email-token-queries.ts';
import { assertClinicPasswordPolicy } from './password-rules.ts';

/**
 * protocol.md §7. The answer is the same, in the same time, whether or not the e-mail already
 * has an account (no enumeration): both paths hash the password, try the same insert, read or
 * write one more row, audit, and queue one mail, in one transaction; the mail leaves after the
 * answer (the verification link is issued then: prepareVerificationMail). The owner of an
 * existing account is told by e-mail instead. Nothing the signer typed reaches the mail: the
 * address is not confirmed, so the greeting names nobody.
 */
export async function signup(ctx: AppContext, input: SignupRequest, meta: RequestMeta): Promise<void> {
  await assertClinicPasswordPolicy(ctx, input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  const link = (route: string) => `${ctx.config.publicUrl}${route}`;
  await ctx.db.transaction(async (tx) => {
    const created = await insertAccount(tx, input, { passwordHash, locale: input.locale });
    if (created) {
      await savePatientResource(ctx, tx, created, 'profile', {
        first_name: input.first_name,
        last_name: input.last_name,
        date_of_birth: input.date_of_birth,
      });
      await recordAudit(tx, meta, { action: 'signup', outcome: 'success', actorId: created });
      const mail = {
        to: input.email,
        template: 'verify_email',
        locale: input.locale,
        vars: { link: '' },
      } as const;
      await ctx.mailer.send(mail, tx);
      return;
    }
    const [existing] = await tx.select().from(users).where(eq(users.email, input.email));
    await recordAudit(tx, meta, {
      action: 'signup',
      outcome: 'failure',
      subjectId: existing!.id,
      detail: { reason: 'email_taken' },
    });
    await ctx.mailer.send(
      {
        to: existing!.email,
        template: 'signup_existing',
        locale: existing!.locale as Locale,
        vars: {
          name: existing!.emailVerifiedAt ? existing!.firstName : undefined,
          link: link('/auth/login'),
        },
      },
      tx,
    );
  });
}

/** At sending time: a fresh 24-hour link for an account still unconfirmed; nothing otherwise. */
export async function prepareVerificationMail(
  ctx: AppContext,
  queued: MailRequest,
): Promise<MailRequest | null> {
  const [user] = await ctx.db
    .select({ id: users.id, verified: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.email, queued.to));
  if (!user || user.verified) return null;
  const token = await issueEmailToken(ctx, ctx.db, user.id, 'verify');
  return { ...queued, vars: { link: `${ctx.config.publicUrl}/auth/verify-email?token=${token}` } };
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
