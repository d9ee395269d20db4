export { fhirApi, fhirBase, requireScope, FHIR_BASE_PATH, FHIR_JSON } from './fhir-plugin.ts';
export { FhirError, operationOutcome } from './operation-outcome.ts';
export { runBulkExports } from './bulk/run-bulk-exports.ts';
export { expiredBulkExports, filesOfExpiredBulkExports } from './bulk/bulk-export-retention.ts';
export { patientResourcesForExport } from './patient-resources-for-export.ts';
export { SERVED_TYPES } from './resource-types.ts';
