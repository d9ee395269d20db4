// The patient module's public entry: what the portal, the demo seed and other modules may use.
export { primaryInsuranceType } from './insurance-service.ts';
export { intakeStatus } from './intake-service.ts';
export { insertIntakeReview, listIntakeReviews, reviewStageOf, type StoredReview } from './intake-reviews.ts';
export {
  loadIntakeSnapshot,
  loadIntakeSnapshots,
  readSnapshotCard,
  snapshotEarlierHandIns,
  type StoredSnapshot,
} from './intake-snapshot.ts';
export { patientFhirBundle } from './export-fhir-bundle.ts';
export { loadPatientRecord, type PatientRecord } from './load-patient-record.ts';
export { loadPatientResource, savePatientResource } from './resource-store.ts';
