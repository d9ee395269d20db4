import type { Resource } from '@medplum/fhirtypes';
import type { AppContext } from '../../../context.ts';
import { addOrderResources } from '../../orders/index.ts';
import { patientFhirBundle } from '../../patient/index.ts';

export interface ExportFilter {
  types: readonly string[];
  /** Only resources changed after this instant; null for all. */
  since: Date | null;
}

/**
 * A patient's resources of `filter.types` changed after `filter.since`: the one seam between the
 * export and the FHIR mapping. A resource without `meta.lastUpdated` is kept under `_since`: a
 * receiver merging an export is better served by an unchanged resource than by a missing change.
 * The record Bundle refers by `urn:uuid:`; in ndjson each resource stands alone, so references
 * become `Type/id`.
 */
export async function resourcesOfPatient(
  ctx: AppContext,
  patientId: string,
  filter: ExportFilter,
): Promise<Resource[]> {
  const bundle = await patientFhirBundle(ctx, patientId, [addOrderResources]);
  const resources = (bundle.entry ?? []).flatMap((entry) => (entry.resource ? [entry.resource] : []));
  const typeOfId = new Map(resources.map((r) => [r.id, r.resourceType]));
  const localReference = (value: string) => {
    const id = value.slice('urn:uuid:'.length);
    return `${typeOfId.get(id) ?? 'Resource'}/${id}`;
  };
  return resources
    .filter((r) => filter.types.includes(r.resourceType))
    .filter((r) => !filter.since || !r.meta?.lastUpdated || new Date(r.meta.lastUpdated) > filter.since)
    .map(
      (r) =>
        JSON.parse(JSON.stringify(r), (key, value: unknown) =>
          key === 'reference' && typeof value === 'string' && value.startsWith('urn:uuid:')
            ? localReference(value)
            : value,
        ) as Resource,
    );
}
