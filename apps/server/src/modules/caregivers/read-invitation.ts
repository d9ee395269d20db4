import type { InvitationPreview } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { recordStandaloneAudit } from '../audit/index.ts';
import { findInvitation } from './grant-invitation.ts';
import { detailsOf } from './grant-queries.ts';
import { findGrantPatient } from './grant-terms.ts';
import type { Actor } from '../../plugins/auth.ts';

/**
 * `POST /account/caregivers/invitation/`: who asked and for what, shown to the signed-in invitee
 * only (the link alone gives nothing). Reading does not use the link up.
 */
export async function readInvitation(
  ctx: AppContext,
  actor: Actor,
  token: string,
): Promise<InvitationPreview> {
  const grant = await findInvitation(ctx, ctx.db, token, actor.userId);
  const patient = await findGrantPatient(ctx.db, grant.patientId);
  await recordStandaloneAudit(ctx, actor.meta, {
    action: 'caregiver.invitation_read',
    outcome: 'success',
    actorId: actor.userId,
    subjectId: grant.patientId,
    target: `caregiver_grants:${grant.id}`,
  });
  return {
    patient_id: patient.id,
    patient_name: `${patient.firstName} ${patient.lastName}`,
    relationship: detailsOf(ctx, grant).relationship,
    scopes: grant.scopes,
    ends_on: grant.endsOn,
  };
}
