export { FHIR_BASE_PATH } from './fhir-plugin.ts';
export { runBulkExports } from './bulk/run-bulk-exports.ts';
export { expiredBulkExports, filesOfExpiredBulkExports } from './bulk/bulk-export-retention.ts';
export { patientResourcesForExport } from './patient-resources-for-export.ts';
export { SERVED_TYPES } from './resource-types.ts';
export { fhirClientRoutes } from './smart/client-routes.ts';
export { listFhirClients } from './smart/list-fhir-clients.ts';
export { registerFhirClient } from './smart/register-fhir-client.ts';
export { revokeFhirClient } from './smart/revoke-fhir-client.ts';
