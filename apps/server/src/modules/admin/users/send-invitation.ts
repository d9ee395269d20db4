import type { AdminUser } from '@portal/protocol';
import type { AppContext } from '../../../context.ts';
import { issueEmailToken } from '../../auth/index.ts';

export const ACCEPT_INVITE_ROUTE = '/auth/accept-invite';

/**
 * A fresh single-use link valid 72 h (email-token-service); earlier links stay valid until they
 * expire. The address is not confirmed yet, so the greeting names nobody (templates.ts).
 */
export async function sendInvitation(ctx: AppContext, user: AdminUser): Promise<void> {
  const token = await issueEmailToken(ctx, ctx.db, user.id, 'invite');
  await ctx.mailer.send({
    to: user.email,
    template: 'invite',
    locale: user.locale,
    vars: {
      link: `${ctx.config.publicUrl}${ACCEPT_INVITE_ROUTE}?token=${token}`,
    },
  });
}
