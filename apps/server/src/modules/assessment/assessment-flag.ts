import type { InstrumentDefinition } from '@portal/protocol';
import { bandOf, type AssessmentScore } from './scoring.ts';

/** Why a submission needs a clinician's eye. */
export type AssessmentFlagReason = 'worse_band' | 'score_drop';

/** A fall of this many points or more since the previous submission is flagged on its own. */
export const SCORE_DROP_POINTS = 10;

/**
 * The one rule for a flagged assessment, used by the chart and the worklist alike: the score
 * fell into a worse band, or by SCORE_DROP_POINTS or more, compared with the submission before.
 * A higher total means more independence in every instrument shipped, so a worse band is one
 * with a lower range. The first submission has nothing to compare with and is never flagged.
 */
export function assessmentFlag(
  definition: InstrumentDefinition,
  previous: AssessmentScore | undefined,
  next: AssessmentScore,
): AssessmentFlagReason[] {
  if (!previous) return [];
  const reasons: AssessmentFlagReason[] = [];
  if (bandRank(definition, next) < bandRank(definition, previous)) reasons.push('worse_band');
  if (previous.score - next.score >= SCORE_DROP_POINTS) reasons.push('score_drop');
  return reasons;
}

/** A band's place from the lowest range up; a band id the definition no longer has ranks by its score. */
function bandRank(definition: InstrumentDefinition, scored: AssessmentScore): number {
  const ordered = [...definition.bands].sort((a, b) => a.min - b.min);
  const stored = ordered.findIndex((band) => band.id === scored.band);
  return stored >= 0 ? stored : ordered.findIndex((band) => band.id === bandOf(definition, scored.score).id);
}
