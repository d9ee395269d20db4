import { z } from 'zod';

// The intake's status on its own module, apart from the intake's form schemas: the welcome
// card parses it on the patient's first screen and must not load (and build) every form schema.

/** The five single resources of the intake, by their wire names (spec §7). */
export const INTAKE_RESOURCE_NAMES = [
  'profile',
  'contact',
  'emergency_content',
  'treating_practitioner',
  'medical_history',
] as const;
export type IntakeResourceName = (typeof INTAKE_RESOURCE_NAMES)[number];

export const IntakeSection = z.enum([...INTAKE_RESOURCE_NAMES, 'insurance']);
export type IntakeSection = z.infer<typeof IntakeSection>;

/**
 * Where the hand-in stands with the clinic. While a hand-in waits for review every
 * section is read-only; a change request reopens the sections it names; once reviewed, the
 * patient may update anything and hand it in again.
 */
export const IntakeReviewStage = z.enum([
  'not_submitted',
  'awaiting_review',
  'changes_requested',
  'reviewed',
]);
export type IntakeReviewStage = z.infer<typeof IntakeReviewStage>;
export const intakeStatus = z.object({
  sections: z.record(
    IntakeSection,
    z.object({ complete: z.boolean(), has_draft: z.boolean(), updated_at: z.string().nullable() }),
  ),
  no_insurance: z.boolean(),
  submitted_at: z.string().nullable(),
  complete: z.boolean(),
  review: z.object({
    stage: IntakeReviewStage,
    /** The sections the patient may edit now. */
    open_sections: z.array(IntakeSection),
    reviewed_at: z.string().nullable(),
  }),
});

export type IntakeStatus = z.infer<typeof intakeStatus>;

/**
 * GET /patient/intake/review/ (sealed): the clinic's change request the patient is answering, if
 * any. Here rather than beside the clinic's review schemas: the patient's home reads it, and those
 * pull in every intake section's schema (the phone rule among them).
 */
export const patientReviewNote = z
  .object({ sections: z.array(IntakeSection), note: z.string(), created_at: z.string() })
  .nullable();
export type PatientReviewNote = z.infer<typeof patientReviewNote>;
