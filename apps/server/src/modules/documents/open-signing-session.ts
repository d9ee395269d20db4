import { eq } from 'drizzle-orm';
import { Codes, ProtocolError, type SigningSession } from '@portal/protocol';
import type { AppContext, RequestMeta } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import { consentTextFor } from './consent-text.ts';
import { prefillFields } from './prefill-fields.ts';
import { recordDocumentEvent } from './move-document.ts';
import { findAssignment } from './document-queries.ts';
import { patientDocumentView } from './views.ts';

/** What the signing screen needs; only while the patient still has a move to make (else 10409). */
export async function openSigningSession(
  ctx: AppContext,
  userId: string,
  id: string,
  meta: RequestMeta,
): Promise<SigningSession> {
  return ctx.db.transaction(async (tx) => {
    const row = await findAssignment(tx, id, userId);
    if (!row) throw new ProtocolError(Codes.itemsNotFound);
    const document = patientDocumentView(ctx, row);
    if (document.actions.length === 0) throw new ProtocolError(Codes.conflict);
    const [user] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName, locale: users.locale })
      .from(users)
      .where(eq(users.id, userId));
    await recordDocumentEvent(ctx, tx, {
      assignmentId: id,
      actor: 'patient',
      actorId: userId,
      action: 'open_signing',
      meta,
      edition: row.language,
    });
    await recordAudit(tx, meta, {
      action: 'document.sign_session',
      outcome: 'success',
      actorId: userId,
      target: `document_assignments:${id}`,
    });
    return {
      document,
      fields: await prefillFields(ctx, tx, userId, row.fields),
      consent_text: consentTextFor(user!.locale),
      signer_name: `${user!.firstName} ${user!.lastName}`,
    };
  });
}
