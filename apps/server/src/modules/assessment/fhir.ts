import type {
  Coding,
  Element,
  Extension,
  Observation,
  Patient,
  Questionnaire,
  QuestionnaireItem,
  QuestionnaireItemAnswerOption,
  QuestionnaireResponse,
  QuestionnaireResponseItem,
  Reference,
} from '@medplum/fhirtypes';
import type { InstrumentDefinition, InstrumentItem, LocalizedText } from '@portal/protocol';
import type { StoredSubmission } from './assessment-queries.ts';
import { bandOf } from './scoring.ts';

const TRANSLATION = 'http://hl7.org/fhir/StructureDefinition/translation';
const ORDINAL_VALUE = 'http://hl7.org/fhir/StructureDefinition/ordinalValue';
const ITEM_CONTROL = 'http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl';
const MIN_VALUE = 'http://hl7.org/fhir/StructureDefinition/minValue';
const MAX_VALUE = 'http://hl7.org/fhir/StructureDefinition/maxValue';
/** The portal's cn locale is Simplified Chinese (spec §1). */
const CHINESE = 'zh-CN';

/** Item ids cannot contain '-', so these link ids never collide with an instrument's items. */
const TOTAL_LINK_ID = 'score-total';
const BAND_LINK_ID = 'score-band';
const TOTAL_TEXT = { gb: 'Total score', cn: '总分' };
const BAND_TEXT = { gb: 'Interpretation', cn: '结果解读' };

/** @medplum/fhirtypes leaves out primitive extensions (`_text`), which carry the translations. */
type Translated<Field extends string> = { [K in `_${Field}`]?: Element };

/** English value with its Chinese translation as a FHIR translation extension on the primitive. */
function chinese(text: LocalizedText): Element {
  return {
    extension: [
      {
        url: TRANSLATION,
        extension: [
          { url: 'lang', valueCode: CHINESE },
          { url: 'content', valueString: text.cn },
        ],
      },
    ],
  };
}

const questionnaireUrl = (canonicalBase: string, definition: InstrumentDefinition) =>
  `${canonicalBase}/Questionnaire/${definition.id}`;

/** Answer codes are only unique within an item, so each item gets its own code system. */
const optionSystem = (url: string, itemId: string) => `${url}/${itemId}`;
const bandSystem = (url: string) => `${url}/bands`;

function coding(system: string, code: string, display: LocalizedText): Coding & Translated<'display'> {
  return { system, code, display: display.gb, _display: chinese(display) };
}

function helpItem(item: InstrumentItem, help: LocalizedText): QuestionnaireItem & Translated<'text'> {
  return {
    linkId: `${item.id}-help`,
    type: 'display',
    text: help.gb,
    _text: chinese(help),
    extension: [
      {
        url: ITEM_CONTROL,
        valueCodeableConcept: {
          coding: [
            {
              system: 'http://hl7.org/fhir/questionnaire-item-control',
              code: 'help',
              display: 'Help-Button',
            },
          ],
        },
      },
    ],
  };
}

function questionItem(url: string, item: InstrumentItem): QuestionnaireItem & Translated<'text'> {
  return {
    linkId: item.id,
    type: 'choice',
    required: item.required,
    text: item.text.gb,
    _text: chinese(item.text),
    answerOption: item.options.map((option): QuestionnaireItemAnswerOption => ({
      extension: [{ url: ORDINAL_VALUE, valueDecimal: option.score }],
      valueCoding: coding(optionSystem(url, item.id), option.value, option.label),
    })),
    item: item.help ? [helpItem(item, item.help)] : undefined,
  };
}

/** The instrument as a FHIR R4 Questionnaire: its items, option scores, total and bands. */
export function questionnaireOf(
  definition: InstrumentDefinition,
  canonicalBase: string,
): Questionnaire & Translated<'title' | 'description'> & { id: string } {
  const url = questionnaireUrl(canonicalBase, definition);
  const { scoring } = definition;
  const range: Extension[] = [
    { url: MIN_VALUE, valueInteger: scoring.min },
    { url: MAX_VALUE, valueInteger: scoring.max },
  ];
  const total: QuestionnaireItem & Translated<'text'> = {
    linkId: TOTAL_LINK_ID,
    type: 'integer',
    readOnly: true,
    text: TOTAL_TEXT.gb,
    _text: chinese(TOTAL_TEXT),
    code: scoring.code ? [scoring.code] : undefined,
    extension: range,
  };
  const band: QuestionnaireItem & Translated<'text'> = {
    linkId: BAND_LINK_ID,
    type: 'choice',
    readOnly: true,
    text: BAND_TEXT.gb,
    _text: chinese(BAND_TEXT),
    answerOption: definition.bands.map((b) => ({ valueCoding: coding(bandSystem(url), b.id, b.label) })),
  };
  return {
    resourceType: 'Questionnaire',
    id: `${definition.id}-${definition.version}`,
    url,
    version: String(definition.version),
    // FHIR names are machine-friendly: barthel → Barthel.
    name: definition.id.replace(/(?:^|_)([a-z0-9])/g, (_, c: string) => c.toUpperCase()),
    language: 'en',
    title: definition.title.gb,
    _title: chinese(definition.title),
    description: definition.description.gb,
    _description: chinese(definition.description),
    status: 'active',
    subjectType: ['Patient'],
    item: [...definition.items.map((item) => questionItem(url, item)), total, band],
  };
}

/** One submission as a completed QuestionnaireResponse, the server's score and band as read-only items. */
export function questionnaireResponseOf(
  definition: InstrumentDefinition,
  submission: StoredSubmission,
  subject: Reference<Patient>,
  canonicalBase: string,
): QuestionnaireResponse & { id: string } {
  const url = questionnaireUrl(canonicalBase, definition);
  const answered = definition.items.flatMap((item): QuestionnaireResponseItem[] => {
    const option = item.options.find((o) => o.value === submission.answers[item.id]);
    if (!option) return [];
    return [
      {
        linkId: item.id,
        text: item.text.gb,
        answer: [{ valueCoding: coding(optionSystem(url, item.id), option.value, option.label) }],
      },
    ];
  });
  const band = bandOf(definition, submission.score);
  return {
    resourceType: 'QuestionnaireResponse',
    id: submission.id,
    meta: { lastUpdated: submission.submittedAt.toISOString() },
    questionnaire: `${url}|${definition.version}`,
    status: 'completed',
    subject,
    authored: submission.submittedAt.toISOString(),
    item: [
      ...answered,
      { linkId: TOTAL_LINK_ID, text: TOTAL_TEXT.gb, answer: [{ valueInteger: submission.score }] },
      {
        linkId: BAND_LINK_ID,
        text: BAND_TEXT.gb,
        answer: [{ valueCoding: coding(bandSystem(url), band.id, band.label) }],
      },
    ],
  };
}

/**
 * The total as a survey Observation coded like the Questionnaire's total item (LOINC 96761-2
 * for the Barthel Index), which is how most clinical systems take in scores. None for an
 * instrument without a code for its total.
 */
export function scoreObservationOf(
  definition: InstrumentDefinition,
  submission: StoredSubmission,
  subject: Reference<Patient>,
  response: Reference<QuestionnaireResponse>,
): (Observation & { id: string }) | undefined {
  const code = definition.scoring.code;
  if (!code) return undefined;
  const band = bandOf(definition, submission.score);
  return {
    resourceType: 'Observation',
    // One score per submission: the submission's id with a suffix (decision 0036).
    id: `${submission.id}-score`,
    meta: { lastUpdated: submission.submittedAt.toISOString() },
    status: 'final',
    category: [
      {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/observation-category',
            code: 'survey',
            display: 'Survey',
          },
        ],
      },
    ],
    code: { coding: [code], text: definition.title.gb },
    subject,
    effectiveDateTime: submission.submittedAt.toISOString(),
    valueInteger: submission.score,
    interpretation: [{ text: band.label.gb }],
    derivedFrom: [response],
  };
}
