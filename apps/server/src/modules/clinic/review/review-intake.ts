import { eq, inArray } from 'drizzle-orm';
import {
  Codes,
  INTAKE_CONFLICTS,
  ProtocolError,
  type ChartPerson,
  type ReviewState,
  type reviewRequest,
} from '@portal/protocol';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import type { Queryable } from '../../../db/database.ts';
import { users } from '../../../db/schema/index.ts';
import { recordAudit, recordStandaloneAudit } from '../../audit/index.ts';
import { emitWebhookEvent } from '../../webhooks/index.ts';
import {
  insertIntakeReview,
  isPatient,
  listIntakeReviews,
  loadIntakeSnapshot,
  loadIntakeSnapshots,
  reviewStageOf,
} from '../../patient/index.ts';
import { intakeChanges } from './intake-diff.ts';
import { mailChangesRequested } from './review-mail.ts';
import type { Actor } from '../../../plugins/auth.ts';

async function peopleOf(db: Queryable, ids: string[]): Promise<Map<string, ChartPerson>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, first_name: users.firstName, last_name: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map(({ id, ...person }) => [id, person]));
}

/**
 * The newest hand-in, its reviews, and (when it waits for review after an earlier one was
 * reviewed) the fields it changed since that hand-in, computed here from the two snapshots.
 */
export async function reviewStateOf(ctx: AppContext, patientId: string): Promise<ReviewState> {
  const [newest] = await loadIntakeSnapshots(ctx, ctx.db, patientId, 1);
  const reviews = await listIntakeReviews(ctx, ctx.db, patientId);
  const people = await peopleOf(
    ctx.db,
    reviews.map((r) => r.reviewerId),
  );
  const awaiting = newest !== undefined && reviews[0]?.submissionId !== newest.id;
  const lastReviewed =
    awaiting && reviews[0]
      ? await loadIntakeSnapshot(ctx, ctx.db, patientId, reviews[0].submissionId)
      : undefined;
  const handIn = (s: { id: string; submittedAt: Date }) => ({
    id: s.id,
    submitted_at: s.submittedAt.toISOString(),
  });
  return {
    submission: newest ? handIn(newest) : null,
    awaiting_review: awaiting,
    reviews: reviews.map((r) => ({
      id: r.id,
      submission_id: r.submissionId,
      outcome: r.outcome,
      sections: r.sections,
      note: r.note,
      reviewer: people.get(r.reviewerId) ?? null,
      created_at: r.createdAt.toISOString(),
    })),
    changes:
      newest && lastReviewed
        ? { since: handIn(lastReviewed), fields: intakeChanges(lastReviewed.snapshot, newest.snapshot) }
        : null,
  };
}

/** GET: a chart read (section `review`), audited like the others. */
export async function readReviewState(
  ctx: AppContext,
  actor: Actor,
  patientId: string,
): Promise<ReviewState> {
  const found = await isPatient(ctx.db, patientId);
  const state = found ? await reviewStateOf(ctx, patientId) : undefined;
  await recordStandaloneAudit(ctx, actor.meta, {
    action: 'chart.read',
    outcome: state ? 'success' : 'failure',
    actorId: actor.userId,
    subjectId: patientId,
    target: 'chart:review',
    detail: { section: 'review' },
  });
  if (!state) throw new ProtocolError(Codes.itemsNotFound);
  return state;
}

/**
 * POST: reviews the newest hand-in. A change request reopens its sections for the patient and
 * tells them by e-mail that the clinic asked for changes (the note stays in the portal).
 */
export async function submitReview(
  ctx: AppContext,
  actor: Actor,
  patientId: string,
  request: z.output<typeof reviewRequest>,
): Promise<ReviewState> {
  if (!(await isPatient(ctx.db, patientId))) throw new ProtocolError(Codes.itemsNotFound);
  await ctx.db.transaction(async (tx) => {
    const { stage, newestSubmission } = await reviewStageOf(ctx, tx, patientId, { lock: true });
    if (!newestSubmission) throw new ProtocolError(Codes.conflict, INTAKE_CONFLICTS.nothingHandedIn);
    if (stage !== 'awaiting_review')
      throw new ProtocolError(Codes.conflict, INTAKE_CONFLICTS.nothingNewToReview);
    const reviewId = await insertIntakeReview(ctx, tx, patientId, {
      submissionId: newestSubmission.id,
      reviewerId: actor.userId,
      outcome: request.outcome,
      sections: request.sections,
      note: request.note || null,
    });
    await recordAudit(tx, actor.meta, {
      action: `intake.${request.outcome}`,
      outcome: 'success',
      actorId: actor.userId,
      subjectId: patientId,
      target: `intake_submissions:${newestSubmission.id}`,
      detail: { sections: request.sections },
    });
    await emitWebhookEvent(tx, ctx, 'intake.reviewed', {
      patient_id: patientId,
      hand_in_id: newestSubmission.id,
      review_id: reviewId,
      status: request.outcome,
    });
  });
  if (request.outcome === 'changes_requested') {
    const [patient] = await ctx.db
      .select({ email: users.email, locale: users.locale })
      .from(users)
      .where(eq(users.id, patientId));
    if (patient) await mailChangesRequested(ctx, patient);
  }
  return reviewStateOf(ctx, patientId);
}
