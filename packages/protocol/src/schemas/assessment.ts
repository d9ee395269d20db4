import { z } from 'zod';
import { answersSchema } from '../assessment/answers.ts';
import type { InstrumentDefinition } from '../assessment/definition.ts';
import { BF_ADL_INSTRUMENT } from '../assessment/bf-adl.ts';
import { CURRENT_INSTRUMENTS, INSTRUMENT_IDS } from '../assessment/registry.ts';

export * from './assessment-state.ts';

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

export type InstrumentId = z.infer<typeof InstrumentId>;
export type AssessmentSaveRequest = z.infer<typeof assessmentSaveRequest>;
