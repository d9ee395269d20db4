// The assessment module's public entry: what other modules may use.
export { addAssessmentResources, fhirCanonicalBase, type AddToBundle } from './add-assessment-resources.ts';
export { questionnaireOf } from './fhir.ts';
export { assessmentFlag, type AssessmentFlagReason } from './assessment-flag.ts';
export {
  lastSubmittedAt,
  listSubmissions,
  newestTwoScores,
  type StoredSubmission,
} from './assessment-queries.ts';
export { definitionOf } from './instrument.ts';
export { scheduleOf } from './schedule.ts';
