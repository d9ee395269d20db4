export { fhirApi, fhirBase, requireScope, FHIR_BASE_PATH, FHIR_JSON } from './fhir-plugin.ts';
export { FhirError, operationOutcome } from './operation-outcome.ts';
