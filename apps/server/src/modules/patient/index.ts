// The patient module's public entry: what other modules (the clinic workspace) may use.
export { addressLine } from './address-line.ts';
export { intakeStatus } from './intake-service.ts';
export { insertIntakeReview, listIntakeReviews, reviewStageOf, type StoredReview } from './intake-reviews.ts';
export {
  loadIntakeSnapshot,
  loadIntakeSnapshots,
  readSnapshotCard,
  type StoredSnapshot,
} from './intake-snapshot.ts';
export { loadPatientRecord, patientFhirBundle, type PatientRecord } from './fhir-export.ts';
export { snapshotEarlierHandIns } from './intake-snapshot.ts';
