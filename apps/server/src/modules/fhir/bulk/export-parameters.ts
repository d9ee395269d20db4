import { FhirError } from '../operation-outcome.ts';
import { BULK_EXPORT_TYPES, mayExport } from './export-types.ts';

/** Bulk Data IG v2: ndjson, under any of the names the IG lets a client use. */
const NDJSON_FORMATS = ['application/fhir+ndjson', 'application/ndjson', 'ndjson'];
const KNOWN_PARAMETERS = ['_since', '_type', '_outputFormat'];
/** A FHIR instant: a date and time with seconds and a zone. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

export interface ExportParameters {
  types: string[];
  since: Date | null;
}

export interface KickOffHeaders {
  prefer: string | undefined;
  accept: string | undefined;
}

const one = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value.join(',') : value;

/**
 * The kick-off request checked as the IG asks: `Prefer: respond-async`, a FHIR JSON `Accept`,
 * known parameters (unknown ones refused unless `Prefer: handling=lenient`), served types inside
 * the client's scopes. Without `_type` the export holds every type the scopes allow.
 */
export function exportParameters(
  headers: KickOffHeaders,
  query: Record<string, string | string[] | undefined>,
  scopes: readonly string[],
): ExportParameters {
  const prefer = (headers.prefer ?? '').split(/[,;]/).map((p) => p.trim().toLowerCase());
  if (!prefer.includes('respond-async')) {
    throw new FhirError('invalid', 'A bulk export needs the header Prefer: respond-async');
  }
  if (headers.accept && !/application\/fhir\+json|application\/json|\*\/\*/.test(headers.accept)) {
    throw new FhirError('invalid', 'A bulk export answers in application/fhir+json');
  }
  if (!prefer.includes('handling=lenient')) {
    const unknown = Object.keys(query).filter((name) => !KNOWN_PARAMETERS.includes(name));
    if (unknown.length > 0) throw new FhirError('invalid', `Parameters not supported: ${unknown.join(', ')}`);
  }
  const format = one(query._outputFormat);
  if (format !== undefined && !NDJSON_FORMATS.includes(format)) {
    throw new FhirError('invalid', `_outputFormat must be one of ${NDJSON_FORMATS.join(', ')}`);
  }
  return { types: exportedTypes(one(query._type), scopes), since: sinceOf(one(query._since)) };
}

function sinceOf(value: string | undefined): Date | null {
  if (value === undefined) return null;
  const since = new Date(value);
  if (!INSTANT.test(value) || Number.isNaN(since.getTime())) {
    throw new FhirError('invalid', '_since must be a FHIR instant, e.g. 2026-01-31T09:00:00Z');
  }
  return since;
}

function exportedTypes(value: string | undefined, scopes: readonly string[]): string[] {
  if (value === undefined) {
    const allowed = BULK_EXPORT_TYPES.filter((type) => mayExport(scopes, type));
    if (allowed.length === 0) throw new FhirError('forbidden', "The token's scopes allow no exported type");
    return allowed;
  }
  const asked = [...new Set(value.split(',').map((type) => type.trim()))];
  const unserved = asked.filter((type) => !(BULK_EXPORT_TYPES as readonly string[]).includes(type));
  if (unserved.length > 0) throw new FhirError('invalid', `Types not exported: ${unserved.join(', ')}`);
  const refused = asked.filter((type) => !mayExport(scopes, type));
  if (refused.length > 0) {
    throw new FhirError('forbidden', `The token's scopes do not allow exporting ${refused.join(', ')}`);
  }
  return BULK_EXPORT_TYPES.filter((type) => asked.includes(type));
}
