import { and, arrayContains, eq } from 'drizzle-orm';
import type { Locale } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { users } from '../../db/schema/index.ts';
import { grantMakerOf } from '../caregivers/index.ts';

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

/** Where the decline mail leads: the worklist's declined queue (the patient is named only there). */
export const DECLINED_QUEUE_PATH = '/users?view=attention&queue=declined_documents';

/**
 * Tells the staff who opted in (active, allowed to manage documents) that a patient declined a
 * document: no patient, no title, no reason. A failed mail is logged; the inbox has the notice.
 */
export async function mailStaffOfDecline(ctx: AppContext): Promise<void> {
  const staff = await ctx.db
    .select({ email: users.email, locale: users.locale, firstName: users.firstName })
    .from(users)
    .where(
      and(
        eq(users.notifyDocumentDeclines, true),
        eq(users.status, 'active'),
        arrayContains(users.roles, ['admin']),
        arrayContains(users.auths, ['manage_documents']),
      ),
    );
  const link = `${ctx.config.publicUrl}${DECLINED_QUEUE_PATH}`;
  for (const member of staff) {
    const locale: Locale = member.locale === 'cn' ? 'cn' : 'gb';
    await ctx.mailer
      .send({
        to: member.email,
        template: 'document_declined',
        locale,
        vars: { name: member.firstName, link },
      })
      .catch((error: unknown) =>
        ctx.log.error({ template: 'document_declined', err: String(error) }, 'staff mail failed'),
      );
  }
}

/**
 * Tells the patient a caregiver signed a document for them (decision 0023): not what, not who
 * signed; the document's history names the representative after sign-in. The mail says who made
 * the grant, the patient or the clinic (and which staff member), so a patient who never gave it
 * knows whom to ask. Queued with the signature.
 */
export async function mailSignedForPatient(
  ctx: AppContext,
  tx: Queryable,
  patient: Recipient,
  grantId: string,
): Promise<void> {
  const maker = await grantMakerOf(tx, grantId);
  await ctx.mailer.send(
    {
      to: patient.email,
      template:
        maker.source === 'clinic' ? 'document_signed_for_you_clinic_grant' : 'document_signed_for_you',
      locale: patient.locale === 'cn' ? 'cn' : 'gb',
      vars: {
        link: `${ctx.config.publicUrl}/welcome/documents`,
        ...(maker.recordedBy && { by: maker.recordedBy }),
      },
    },
    tx,
  );
}
