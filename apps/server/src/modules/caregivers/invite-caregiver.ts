import type { CaregiverGrant, InviteCaregiverRequest } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../audit/index.ts';
import { issueInvitation } from './grant-invitation.ts';
import { grantsOfPatient } from './grant-queries.ts';
import { checkGrantTerms, findGrantPatient, refuseDuplicateGrant } from './grant-terms.ts';
import type { Actor } from '../../plugins/auth.ts';

/** `POST /account/caregivers/invite/`: the patient invites a caregiver by e-mail; answers the new grant. */
export async function inviteCaregiver(
  ctx: AppContext,
  actor: Actor,
  terms: InviteCaregiverRequest,
): Promise<CaregiverGrant> {
  const patient = await findGrantPatient(ctx.db, actor.userId);
  checkGrantTerms(ctx, patient, terms);
  return ctx.db.transaction(async (tx) => {
    await refuseDuplicateGrant(ctx, tx, patient.id, terms.email);
    const grant = await issueInvitation(ctx, tx, patient, terms, { userId: actor.userId, source: 'patient' });
    await recordAudit(tx, actor.meta, {
      action: 'caregiver.invite',
      outcome: 'success',
      actorId: actor.userId,
      target: `caregiver_grants:${grant.id}`,
      detail: { scopes: terms.scopes, ends_on: terms.ends_on, source: 'patient' },
    });
    return (await grantsOfPatient(ctx, tx, patient.id)).find((g) => g.id === grant.id)!;
  });
}
