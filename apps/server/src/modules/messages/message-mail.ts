import type { Locale } from '@portal/protocol';
import type { AppContext } from '../../context.ts';

/**
 * Tells the patient a reply is waiting and nothing more: no text, no sender, no file name.
 * A failed mail never undoes the reply (it is in the portal either way), so it is logged.
 */
export async function mailReplyWaiting(ctx: AppContext, patient: { email: string; locale: string }) {
  const locale: Locale = patient.locale === 'cn' ? 'cn' : 'gb';
  // The mailer adds the clinic's name from the settings at the time of sending.
  const vars = { name: '', link: `${ctx.config.publicUrl}/welcome?chat=open` };
  await ctx.mailer
    .send({ to: patient.email, template: 'message_waiting', locale, vars })
    .catch((error: unknown) =>
      ctx.log.error({ template: 'message_waiting', err: String(error) }, 'message mail failed'),
    );
}
