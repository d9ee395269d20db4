import type { Locale } from '@portal/protocol';
import type { AppContext } from '../../context.ts';

export interface Recipient {
  email: string;
  locale: string;
}

/**
 * Tells patients a document waits, and nothing more (no title, no PHI). A failed mail never
 * undoes the assignment: the document is in the portal either way, so the failure is logged.
 */
export async function mailPatients(
  ctx: AppContext,
  template: 'document_assigned' | 'document_reminder',
  recipients: readonly Recipient[],
): Promise<void> {
  const link = `${ctx.config.publicUrl}/welcome/documents`;
  for (const recipient of recipients) {
    const locale: Locale = recipient.locale === 'cn' ? 'cn' : 'gb';
    await ctx.mailer
      .send({
        to: recipient.email,
        template,
        locale,
        vars: { name: '', link },
      })
      .catch((error: unknown) => ctx.log.error({ template, err: String(error) }, 'document mail failed'));
  }
}
