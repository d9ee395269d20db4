import { z } from 'zod';
import { instrumentDefinition } from '../assessment/definition.ts';

// The assessment's state on its own module, apart from the save requests that are built from
// every known instrument when their module loads: the welcome page's BF-ADL card parses this
// on the patient's first screen.

const answersRecord = z.record(z.string(), z.string());

/** One past submission as the history lists it; `band` is an id of the definition's bands. */
export const assessmentSummary = z.object({
  id: z.uuid(),
  submitted_at: z.iso.datetime(),
  version: z.number().int(),
  score: z.number().int(),
  band: z.string(),
});

export const assessmentSubmission = assessmentSummary.extend({ answers: answersRecord });

export const assessmentDraft = z.object({
  version: z.number().int(),
  answers: answersRecord,
  saved_at: z.iso.datetime(),
});

const scheduleFields = {
  definition: instrumentDefinition,
  /** Oldest first, for the trend. */
  history: z.array(assessmentSummary),
  latest: assessmentSubmission.nullable(),
  /** No submission yet, or the due interval has passed since the last one. */
  due: z.boolean(),
  /** When the next assessment falls due; null before the first. */
  next_due_at: z.iso.datetime().nullable(),
};

/** `GET`/`POST /patient/bf_adl/` answer (sealed): the form, the draft and the history. */
export const assessmentState = z.object({ ...scheduleFields, draft: assessmentDraft.nullable() });

export type AssessmentSummary = z.infer<typeof assessmentSummary>;
export type AssessmentSubmission = z.infer<typeof assessmentSubmission>;
export type AssessmentState = z.infer<typeof assessmentState>;
