import { z } from 'zod';
import { answersSchema } from '../assessment/answers.ts';
import { instrumentDefinition, type InstrumentDefinition } from '../assessment/definition.ts';
import { BF_ADL_INSTRUMENT, CURRENT_INSTRUMENTS, INSTRUMENT_IDS } from '../assessment/registry.ts';

const [firstId, ...otherIds] = INSTRUMENT_IDS;
export const InstrumentId = z.enum([firstId!, ...otherIds]);

/** `GET /patient/bf_adl/?instrument=`: the BF-ADL instrument unless another is named. */
export const assessmentQuery = z.object({ instrument: InstrumentId.default(BF_ADL_INSTRUMENT) });

/** Unknown fields are refused by name: a client-computed `score` answers 10400 at path `score`. */
const noOtherFields = z.undefined({ error: 'Unknown field' });

function saveRequestFor(definition: InstrumentDefinition) {
  const about = {
    instrument: z.literal(definition.id),
    version: z.literal(definition.version, { error: 'This questionnaire has changed: reload it' }),
  };
  return z.discriminatedUnion('draft', [
    z
      .object({ ...about, draft: z.literal(true), answers: answersSchema(definition, 'draft') })
      .catchall(noOtherFields),
    z
      .object({
        ...about,
        draft: z.literal(false).optional(),
        answers: answersSchema(definition, 'submission'),
      })
      .catchall(noOtherFields),
  ]);
}

const [firstRequest, ...otherRequests] = CURRENT_INSTRUMENTS.map(saveRequestFor);

/**
 * `POST /patient/bf_adl/` (sealed): answers to the current version of an instrument. A
 * draft keeps partial answers; otherwise every required item must be answered. Generated
 * from the definitions, so validation follows the data. The server computes the score.
 */
export const assessmentSaveRequest = z.discriminatedUnion('instrument', [firstRequest!, ...otherRequests]);

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

/** `GET /admin/patients/:id/bf_adl/` (sealed): read-only, without the patient's unsent draft. */
export const patientAssessmentRecord = z.object({ patient_id: z.uuid(), ...scheduleFields });

export const assessmentPatientParams = z.object({ id: z.uuid() });

export type InstrumentId = z.infer<typeof InstrumentId>;
export type AssessmentSaveRequest = z.infer<typeof assessmentSaveRequest>;
export type AssessmentSummary = z.infer<typeof assessmentSummary>;
export type AssessmentSubmission = z.infer<typeof assessmentSubmission>;
export type AssessmentDraft = z.infer<typeof assessmentDraft>;
export type AssessmentState = z.infer<typeof assessmentState>;
export type PatientAssessmentRecord = z.infer<typeof patientAssessmentRecord>;
