import { eq } from 'drizzle-orm';
import { Codes, ProtocolError, type CaregiverGrant } from '@portal/protocol';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { caregiverGrants } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import { queueEvent } from '../events/index.ts';
import { grantsOfPatient, lockGrantOf } from './grant-queries.ts';
import type { Actor } from '../../plugins/auth.ts';

/**
 * Ends a grant of this patient at once, by the patient or staff: the next request acting for it
 * answers 10404, and the caregiver's portal hears `refresh_token` on its next poll (spec §4), so
 * their open view of the record ends. Another patient's grant answers 10404; an ended one 10409.
 */
export async function endGrant(
  ctx: AppContext,
  tx: Queryable,
  patientId: string,
  grantId: string,
  by: { userId: string; meta: RequestMeta },
): Promise<void> {
  const grant = await lockGrantOf(tx, grantId, patientId);
  if (!grant) throw new ProtocolError(Codes.itemsNotFound);
  if (grant.status !== 'invited' && grant.status !== 'active') throw new ProtocolError(Codes.conflict);
  await tx
    .update(caregiverGrants)
    .set({ status: 'revoked', revokedAt: ctx.now(), revokedBy: by.userId, inviteTokenHash: null })
    .where(eq(caregiverGrants.id, grant.id));
  if (grant.caregiverId) await queueEvent(ctx, tx, grant.caregiverId, 'refresh_token');
  await recordAudit(tx, by.meta, {
    action: 'caregiver.revoke',
    outcome: 'success',
    actorId: by.userId,
    subjectId: patientId,
    target: `caregiver_grants:${grant.id}`,
  });
  await emitWebhookEvent(tx, ctx, 'grant.changed', {
    patient_id: patientId,
    grant_id: grant.id,
    status: 'revoked',
  });
}

/** `POST /account/caregivers/revoke/`: the patient ends one of their grants; answers it, revoked. */
export function revokeGrant(ctx: AppContext, actor: Actor, grantId: string): Promise<CaregiverGrant> {
  return ctx.db.transaction(async (tx) => {
    await endGrant(ctx, tx, actor.userId, grantId, actor);
    return (await grantsOfPatient(ctx, tx, actor.userId)).find((g) => g.id === grantId)!;
  });
}
