import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  Codes,
  INTAKE_CONFLICTS,
  IntakeSection,
  ProtocolError,
  type IntakeReviewStage,
  type IntakeStatus,
  type PatientReviewNote,
  type ReviewOutcome,
} from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { intakeReviews, intakeSubmissions } from '../../db/schema/index.ts';
import { recordStandaloneAudit } from '../audit/index.ts';
import type { Actor } from '../../plugins/auth.ts';

/** A note can carry PHI: it is encrypted and bound to its patient and review. */
const noteContext = (userId: string, id: string) => `intake-review:${userId}:${id}`;

export interface StoredReview {
  id: string;
  submissionId: string;
  reviewerId: string;
  outcome: ReviewOutcome;
  sections: IntakeSection[];
  note: string | null;
  createdAt: Date;
}

/**
 * Records a review of one hand-in (the caller holds the hand-in's row lock: reviewStageOf with
 * `lock`); answers the review's id.
 */
export async function insertIntakeReview(
  ctx: AppContext,
  tx: Queryable,
  userId: string,
  review: Omit<StoredReview, 'id' | 'createdAt'>,
): Promise<string> {
  const id = randomUUID();
  await tx.insert(intakeReviews).values({
    id,
    userId,
    submissionId: review.submissionId,
    reviewerId: review.reviewerId,
    outcome: review.outcome,
    sections: review.sections,
    note: review.note ? ctx.cipher.encrypt(Buffer.from(review.note, 'utf8'), noteContext(userId, id)) : null,
    createdAt: ctx.now(),
  });
  return id;
}

/**
 * Withdraws one review, so its hand-in waits for review again (decision 0014, "Reopening a
 * review": the audit log keeps who reviewed and who reopened); the caller holds the hand-in's row lock, as for inserting one.
 */
export async function deleteIntakeReview(tx: Queryable, userId: string, id: string): Promise<void> {
  await tx.delete(intakeReviews).where(and(eq(intakeReviews.id, id), eq(intakeReviews.userId, userId)));
  // The worklist's intake queue follows hand-ins and reviews by insert triggers (migration 0014);
  // a withdrawn review is the one removal, so the queue row is computed again here.
  await tx.execute(sql`select worklist_refresh_intake(${userId})`);
}

/** The patient's reviews, newest first; `limit` 1 for the one that decides what is open. */
export async function listIntakeReviews(
  ctx: AppContext,
  db: Queryable,
  userId: string,
  limit?: number,
): Promise<StoredReview[]> {
  const query = db
    .select()
    .from(intakeReviews)
    .where(eq(intakeReviews.userId, userId))
    .orderBy(desc(intakeReviews.createdAt), desc(intakeReviews.id))
    .$dynamic();
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.map((row) => ({
    id: row.id,
    submissionId: row.submissionId,
    reviewerId: row.reviewerId,
    outcome: row.outcome,
    sections: row.sections.filter((s): s is IntakeSection => IntakeSection.safeParse(s).success),
    note: row.note ? ctx.cipher.decrypt(row.note, noteContext(userId, row.id)).toString('utf8') : null,
    createdAt: row.createdAt,
  }));
}

export interface ReviewStage {
  stage: IntakeReviewStage;
  openSections: IntakeSection[];
  /** The review that set the stage, when there is one for the newest hand-in. */
  review: StoredReview | undefined;
  newestSubmission: { id: string; submittedAt: Date } | undefined;
}

/**
 * Where the newest hand-in stands (decision: intake review). Before the first hand-in and after a
 * review everything is open; while a hand-in waits nothing is; a change request opens its sections.
 */
export async function reviewStageOf(
  ctx: AppContext,
  db: Queryable,
  userId: string,
  { lock = false } = {},
): Promise<ReviewStage> {
  const newestQuery = db
    .select({ id: intakeSubmissions.id, submittedAt: intakeSubmissions.submittedAt })
    .from(intakeSubmissions)
    .where(eq(intakeSubmissions.userId, userId))
    .orderBy(desc(intakeSubmissions.submittedAt))
    .limit(1)
    .$dynamic();
  // A reviewer locks the hand-in's row, so two reviewing at once record one review, not two.
  const [newest] = await (lock ? newestQuery.for('update') : newestQuery);
  const everything = [...IntakeSection.options];
  if (!newest)
    return {
      stage: 'not_submitted',
      openSections: everything,
      review: undefined,
      newestSubmission: undefined,
    };
  const [latest] = await listIntakeReviews(ctx, db, userId, 1);
  const review = latest?.submissionId === newest.id ? latest : undefined;
  if (!review) return { stage: 'awaiting_review', openSections: [], review, newestSubmission: newest };
  return review.outcome === 'changes_requested'
    ? { stage: 'changes_requested', openSections: review.sections, review, newestSubmission: newest }
    : { stage: 'reviewed', openSections: everything, review, newestSubmission: newest };
}

/** The status's review part: what the welcome card and the stepper show. */
export function reviewStatusOf(stage: ReviewStage): IntakeStatus['review'] {
  return {
    stage: stage.stage,
    open_sections: stage.openSections,
    reviewed_at: stage.review?.createdAt.toISOString() ?? null,
  };
}

/**
 * A handed-in section is read-only for the patient until the clinic reopens it (decision:
 * intake review): checked inside the write's transaction, so a review cannot slip in between.
 */
export async function assertSectionOpen(
  ctx: AppContext,
  db: Queryable,
  userId: string,
  section: IntakeSection,
): Promise<void> {
  const { openSections } = await reviewStageOf(ctx, db, userId);
  if (!openSections.includes(section))
    throw new ProtocolError(Codes.conflict, INTAKE_CONFLICTS.sectionClosed);
}

/** The clinic's change request the patient is answering, or null; the patient's read of it is audited. */
export async function readReviewNote(ctx: AppContext, actor: Actor): Promise<PatientReviewNote> {
  const { stage, review } = await reviewStageOf(ctx, ctx.db, actor.patientId);
  await recordStandaloneAudit(ctx, actor.meta, {
    action: 'patient.read',
    outcome: 'success',
    actorId: actor.patientId,
    target: 'intake_review',
  });
  return stage === 'changes_requested' && review
    ? { sections: review.sections, note: review.note ?? '', created_at: review.createdAt.toISOString() }
    : null;
}
