import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bundle, Patient, Reference, Resource } from '@medplum/fhirtypes';
import { INSTRUMENT_DEFINITIONS } from '@portal/protocol';
import { validateFhir } from '../../../testing/fhir-validator.ts';
import { startTestPortal, type TestPortal } from '../../../testing/test-portal.ts';
import type { StoredSubmission } from '../../../src/modules/assessment/assessment-queries.ts';
import { addAssessmentResources } from '../../../src/modules/assessment/add-assessment-resources.ts';
import {
  questionnaireOf,
  questionnaireResponseOf,
  scoreObservationOf,
} from '../../../src/modules/assessment/fhir.ts';
import { scoreAnswers } from '../../../src/modules/assessment/scoring.ts';
import {
  answersTotalling,
  barthel,
  newPatient,
  saveAssessment,
  submission,
  userIdOf,
} from '../../../testing/assessment.ts';

const BASE = 'https://portal.example/fhir';
const subject: Reference<Patient> = { reference: 'Patient/example' };
const LOINC_TOTAL = { system: 'http://loinc.org', code: '96761-2', display: 'Total score Barthel Index' };

function storedSubmission(total: number): StoredSubmission {
  const answers = answersTotalling(total);
  return {
    id: '0b5b4d6e-2a3f-4c1e-9d7a-5f3e2c1b0a99',
    instrument: 'barthel',
    version: barthel.version,
    submittedAt: new Date('2025-03-01T09:30:00Z'),
    answers,
    ...scoreAnswers(barthel, answers),
  };
}

describe('FHIR R4 rendering', () => {
  it.each(INSTRUMENT_DEFINITIONS.map((d) => [`${d.id} v${d.version}`, d] as const))(
    'renders %s as a Questionnaire that validates, with Chinese translations',
    (_, definition) => {
      const questionnaire = questionnaireOf(definition, BASE);
      expect(() => validateFhir(questionnaire)).not.toThrow();
      expect(questionnaire.item!.map((i) => i.linkId)).toEqual([
        ...definition.items.map((i) => i.id),
        'score-total',
        'score-band',
      ]);
      expect(JSON.stringify(questionnaire._title)).toContain(definition.title.cn);
    },
  );

  it('codes the Barthel total item with LOINC 96761-2 and gives each option its score', () => {
    const questionnaire = questionnaireOf(barthel, BASE);
    const total = questionnaire.item!.find((i) => i.linkId === 'score-total')!;
    expect(total.code).toEqual([LOINC_TOTAL]);
    const transfers = questionnaire.item!.find((i) => i.linkId === 'transfers')!;
    expect(transfers.answerOption!.map((o) => [o.valueCoding!.code, o.extension![0]!.valueDecimal])).toEqual([
      ['unable', 0],
      ['major_help', 5],
      ['minor_help', 10],
      ['independent', 15],
    ]);
  });

  it('renders a submission as a QuestionnaireResponse and a LOINC-coded score Observation that validate', () => {
    const stored = storedSubmission(85);
    const response = questionnaireResponseOf(barthel, stored, subject, BASE);
    expect(() => validateFhir(response)).not.toThrow();
    expect(response.questionnaire).toBe(`${BASE}/Questionnaire/barthel|${barthel.version}`);
    expect(response.item).toHaveLength(barthel.items.length + 2);
    expect(response.item!.find((i) => i.linkId === 'score-total')!.answer).toEqual([{ valueInteger: 85 }]);
    expect(response.item!.find((i) => i.linkId === 'score-band')!.answer![0]!.valueCoding!.code).toBe(
      'moderate_dependency',
    );

    const observation = scoreObservationOf(barthel, stored, subject, {
      reference: 'QuestionnaireResponse/x',
    })!;
    expect(() => validateFhir(observation)).not.toThrow();
    expect(observation.code.coding).toEqual([LOINC_TOTAL]);
    expect(observation.valueInteger).toBe(85);
  });
});

describe('FHIR export of a patient’s assessments', () => {
  let t: TestPortal;
  beforeAll(async () => {
    t = await startTestPortal();
  });
  afterAll(() => t.close());

  it('adds the Questionnaire once and a response with its score per submission, all valid in one Bundle', async () => {
    const c = await newPatient(t, 'export@example.com');
    await saveAssessment(c, submission(answersTotalling(45)));
    await saveAssessment(c, submission(answersTotalling(60)));
    const entries: Resource[] = [];
    const add = <T extends Resource>(resource: T): Reference<T> => {
      const id = `r${entries.length}`;
      entries.push({ ...resource, id });
      return { reference: `${resource.resourceType}/${id}` };
    };
    const userId = await userIdOf(t, 'export@example.com');
    await addAssessmentResources(t.portal.ctx, t.portal.ctx.db, userId, subject, add);

    expect(entries.map((r) => r.resourceType)).toEqual([
      'Questionnaire',
      'QuestionnaireResponse',
      'Observation',
      'QuestionnaireResponse',
      'Observation',
    ]);
    const bundle: Bundle = {
      resourceType: 'Bundle',
      type: 'collection',
      entry: entries.map((resource) => ({ resource })),
    };
    expect(() => validateFhir(bundle)).not.toThrow();
  });
});
