import type { Resource } from '@medplum/fhirtypes';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { PatientData } from './patient-data.ts';
import { SERVED_TYPES } from './resource-types.ts';

/**
 * Every served resource that belongs to one patient, for the bulk export: the API's own
 * resources, of `types` (all when absent) changed after `since` (by `meta.lastUpdated`). One
 * without `meta.lastUpdated` is kept under `since`: a receiver merging an export is better served
 * by an unchanged resource than by a missing change.
 */
export async function patientResourcesForExport(
  ctx: AppContext,
  db: Queryable,
  patientId: string,
  { types, since }: { types?: readonly string[]; since?: Date },
): Promise<Resource[]> {
  const data = new PatientData(ctx, db, patientId);
  const resources: Resource[] = [];
  for (const served of SERVED_TYPES) {
    if (types && !types.includes(served.type)) continue;
    const source = served.source;
    const found =
      source.kind === 'patient-owned'
        ? await source.load(data)
        : source.kind === 'patients'
          ? [await data.patientResource()]
          : [];
    resources.push(
      ...found.filter((r) => !since || !r.meta?.lastUpdated || new Date(r.meta.lastUpdated) > since),
    );
  }
  return resources;
}
