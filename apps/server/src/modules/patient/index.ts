// The patient module's public entry: what the portal, the demo seed and other modules may use.
export {
  patientFhirBundle,
  patientRecordResources,
  patientResourceOf,
  type RecordSection,
} from './export-fhir-bundle.ts';
export { patientIdentifierSystem } from './record-to-fhir.ts';
export { intakeStatus } from './fill-intake.ts';
export { addressLine } from './address-line.ts';
export {
  deleteIntakeReview,
  insertIntakeReview,
  listIntakeReviews,
  reviewStageOf,
} from './intake-reviews.ts';
export {
  loadIntakeSnapshot,
  loadIntakeSnapshots,
  readSnapshotCard,
  snapshotEarlierHandIns,
} from './intake-snapshot.ts';
export { findPatientsBornOn } from './find-patients-born-on.ts';
export { hashDatesOfBirth, rehashDatesOfBirth } from './hash-dates-of-birth.ts';
export { isPatient } from './is-patient.ts';
export { loadPatientRecord, type PatientRecord } from './load-patient-record.ts';
export { coveredPatients } from './coverage-queries.ts';
export { primaryInsuranceType } from './manage-coverages.ts';
export { loadPatientResource, savePatientResource } from './resource-queries.ts';
