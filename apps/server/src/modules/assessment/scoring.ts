import type { Answers, InstrumentDefinition } from '@portal/protocol';

export interface AssessmentScore {
  score: number;
  /** Id of the interpretation band the score falls in. */
  band: string;
}

/**
 * The score of validated answers (design/assessments.md: the sum of the chosen options'
 * scores) and its band. Only the server scores: a score sent by a client is never read.
 */
export function scoreAnswers(definition: InstrumentDefinition, answers: Answers): AssessmentScore {
  let score = 0;
  for (const item of definition.items) {
    const value = answers[item.id];
    if (value === undefined) continue;
    const option = item.options.find((o) => o.value === value);
    if (!option) throw new Error(`Unvalidated answer for ${definition.id}.${item.id}`);
    score += option.score;
  }
  return { score, band: bandOf(definition, score).id };
}

/** The definition's bands cover its whole range without gaps (checked when it is loaded). */
export function bandOf(definition: InstrumentDefinition, score: number) {
  const band = definition.bands.find((b) => score >= b.min && score <= b.max);
  if (!band) throw new Error(`Score ${score} is outside ${definition.id}'s bands`);
  return band;
}
