import type { Locale } from '@portal/protocol';
import type { AppContext } from '../../../context.ts';

/**
 * Tells the patient the clinic asked for changes to their intake, and nothing more: no note,
 * no section, no name. A failed mail never undoes the review (the note is in the portal), so it is logged.
 */
export async function mailChangesRequested(ctx: AppContext, patient: { email: string; locale: string }) {
  const locale: Locale = patient.locale === 'cn' ? 'cn' : 'gb';
  const vars = { name: '', link: `${ctx.config.publicUrl}/welcome` };
  await ctx.mailer
    .send({ to: patient.email, template: 'intake_changes_requested', locale, vars })
    .catch((error: unknown) =>
      ctx.log.error({ template: 'intake_changes_requested', err: String(error) }, 'review mail failed'),
    );
}
