import type { Locale } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { loadSettings } from '../admin/settings/settings-store.ts';

/**
 * Tells the patient a reply is waiting and nothing more: no text, no sender, no file name.
 * A failed mail never undoes the reply (it is in the portal either way), so it is logged.
 */
export async function mailReplyWaiting(ctx: AppContext, patient: { email: string; locale: string }) {
  const locale: Locale = patient.locale === 'cn' ? 'cn' : 'gb';
  const { clinic_name } = await loadSettings(ctx);
  // Built apart from the call: the mailer may take the clinic's name from the settings itself.
  const vars = { clinic: clinic_name, name: '', link: `${ctx.config.publicUrl}/welcome?chat=open` };
  await ctx.mailer
    .send({ to: patient.email, template: 'message_waiting', locale, vars })
    .catch((error: unknown) =>
      ctx.log.error({ template: 'message_waiting', err: String(error) }, 'message mail failed'),
    );
}
