import { Codes, INTAKE_CONFLICTS, ProtocolError, type ReviewState } from '@portal/protocol';
import type { AppContext } from '../../../context.ts';
import { recordAudit } from '../../audit/index.ts';
import { deleteIntakeReview, isPatient, reviewStageOf } from '../../patient/index.ts';
import { reviewStateOf } from './review-intake.ts';
import type { Actor } from '../../../plugins/auth.ts';

/**
 * Takes back "reviewed" on the newest hand-in (decision 0014, "Reopening a review"): it waits for
 * review again, on the worklist and the chart, and the patient's sections close as they were
 * before the review. A change request is not reopened: the patient is answering it.
 */
export async function reopenReview(ctx: AppContext, actor: Actor, patientId: string): Promise<ReviewState> {
  if (!(await isPatient(ctx.db, patientId))) throw new ProtocolError(Codes.itemsNotFound);
  await ctx.db.transaction(async (tx) => {
    const { stage, review, newestSubmission } = await reviewStageOf(ctx, tx, patientId, { lock: true });
    if (stage !== 'reviewed' || !review || !newestSubmission)
      throw new ProtocolError(Codes.conflict, INTAKE_CONFLICTS.nothingToReopen);
    await deleteIntakeReview(tx, patientId, review.id);
    await recordAudit(tx, actor.meta, {
      action: 'intake.review_reopened',
      outcome: 'success',
      actorId: actor.userId,
      subjectId: patientId,
      target: `intake_submissions:${newestSubmission.id}`,
    });
  });
  return reviewStateOf(ctx, patientId);
}
