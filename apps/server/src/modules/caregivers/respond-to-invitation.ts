import { and, eq, not } from 'drizzle-orm';
import type { CaregiversOverview, InvitationResponse } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { hasOwnRecord } from '../../db/patient-account.ts';
import { caregiverGrants, users } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import { findInvitation } from './grant-invitation.ts';
import { caregiversOverviewOf } from './read-caregivers.ts';
import type { Actor } from '../../plugins/auth.ts';

/**
 * `POST /account/caregivers/respond/`: the invitee accepts (the grant goes live for their account)
 * or declines; either way the link is used up. Answers the caller's overview, the new grant in it.
 * An account that accepts with no record of its own joined to help, not to be treated: it becomes
 * caregiver-only (decision 0032) until the clinic makes it a patient.
 */
export function respondToInvitation(
  ctx: AppContext,
  actor: Actor,
  response: InvitationResponse,
): Promise<CaregiversOverview> {
  return ctx.db.transaction(async (tx) => {
    const grant = await findInvitation(ctx, tx, response.token, actor.userId, true);
    const accept = response.decision === 'accept';
    await tx
      .update(caregiverGrants)
      .set({
        status: accept ? 'active' : 'declined',
        caregiverId: actor.userId,
        acceptedAt: accept ? ctx.now() : null,
        inviteTokenHash: null,
      })
      .where(eq(caregiverGrants.id, grant.id));
    if (accept) {
      await tx
        .update(users)
        .set({ isPatient: false })
        .where(and(eq(users.id, actor.userId), eq(users.isPatient, true), not(hasOwnRecord(actor.userId))));
    }
    await recordAudit(tx, actor.meta, {
      action: accept ? 'caregiver.accept' : 'caregiver.decline',
      outcome: 'success',
      actorId: actor.userId,
      subjectId: grant.patientId,
      target: `caregiver_grants:${grant.id}`,
      detail: { scopes: grant.scopes, ends_on: grant.endsOn },
    });
    await emitWebhookEvent(tx, ctx, 'grant.changed', {
      patient_id: grant.patientId,
      grant_id: grant.id,
      status: accept ? 'active' : 'declined',
    });
    return caregiversOverviewOf(ctx, tx, actor.userId);
  });
}
