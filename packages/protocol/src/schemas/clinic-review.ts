import { z } from 'zod';
import { chartHandIn, chartPerson } from './clinic-chart.ts';
import { IntakeSection } from './intake-status.ts';

export const ReviewOutcome = z.enum(['reviewed', 'changes_requested']);
export type ReviewOutcome = z.infer<typeof ReviewOutcome>;

export const REVIEW_NOTE_MAX = 2000;

/**
 * POST /admin/patients/:id/review/: the newest hand-in is reviewed, or changes are requested
 * in the named sections with a note the patient reads (which reopens those sections).
 */
export const reviewRequest = z
  .object({
    outcome: ReviewOutcome,
    sections: z.array(IntakeSection).default([]),
    note: z.string().trim().max(REVIEW_NOTE_MAX).default(''),
  })
  .superRefine((review, ctx) => {
    if (review.outcome !== 'changes_requested') return;
    if (review.sections.length === 0)
      ctx.addIssue({ code: 'custom', path: ['sections'], message: 'Choose the sections to change' });
    if (!review.note)
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'Say what the patient should change' });
  })
  .transform((review) => ({
    ...review,
    // A review that asks for nothing reopens nothing.
    sections: review.outcome === 'changes_requested' ? [...new Set(review.sections)] : [],
  }));
export type ReviewRequest = z.input<typeof reviewRequest>;

export const intakeReviewEntry = z.object({
  id: z.uuid(),
  submission_id: z.uuid(),
  outcome: ReviewOutcome,
  sections: z.array(IntakeSection),
  note: z.string().nullable(),
  reviewer: chartPerson.nullable(),
  created_at: z.string(),
});
export type IntakeReviewEntry = z.infer<typeof intakeReviewEntry>;

/** A field's place in a section: names and list positions; coverages are named by insurance type. */
export const fieldPath = z.array(z.union([z.string(), z.number().int()]));

/** One field that differs between two hand-ins; a value absent on one side is null there. */
export const fieldChange = z.object({
  section: IntakeSection,
  path: fieldPath,
  before: z.unknown(),
  after: z.unknown(),
});
export type FieldChange = z.infer<typeof fieldChange>;

/** GET /admin/patients/:id/review/ (sealed): where the intake stands and what changed since the last review. */
export const reviewState = z.object({
  submission: chartHandIn,
  awaiting_review: z.boolean(),
  /** Newest first. */
  reviews: z.array(intakeReviewEntry),
  /** The fields the newest hand-in changed since the hand-in last reviewed; null when there is none to compare. */
  changes: z.object({ since: chartHandIn.unwrap(), fields: z.array(fieldChange) }).nullable(),
});
export type ReviewState = z.infer<typeof reviewState>;

/** 10409 messages of the intake's review cycle; clients choose their translated text by them. */
export const INTAKE_CONFLICTS = {
  sectionClosed: 'This section was handed in to the clinic: it opens again if the clinic asks for changes',
  awaitingReview: 'The intake was handed in and waits for the clinic to review it',
  nothingHandedIn: 'The patient has not handed in the intake yet',
  nothingNewToReview: 'Nothing has been handed in since the last review',
  nothingToReopen: 'The newest hand-in is not marked reviewed',
} as const;
