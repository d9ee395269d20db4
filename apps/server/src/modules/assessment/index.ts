// The assessment module's public entry: what other modules may use.
export { assessmentFlag, SCORE_DROP_POINTS, type AssessmentFlagReason } from './assessment-flag.ts';
export { definitionOf } from './instrument.ts';
export { listSubmissions, newestTwoScores, type StoredSubmission } from './assessment-store.ts';
export { bandOf } from './scoring.ts';
export { addAssessmentResources } from './fhir-export.ts';
