import type { Resource } from '@medplum/fhirtypes';
import { FhirError } from './operation-outcome.ts';
import type { ServedType } from './resource-types.ts';

export const DEFAULT_COUNT = 50;
export const MAX_COUNT = 200;

/** Paging parameters the API writes into its own `next` links (decision 0036). */
const PAGING = ['_count', '_cursor', '_offset'] as const;

type Prefix = 'eq' | 'gt' | 'ge' | 'lt' | 'le';
/** One `_lastUpdated` condition as the instants it spans: a date means its whole UTC day. */
export interface TimeBound {
  prefix: Prefix;
  from: Date;
  /** Exclusive end of the value's precision. */
  to: Date;
}

export interface SearchRequest {
  ids?: string[];
  patient?: string;
  lastUpdated: TimeBound[];
  identifier?: { system?: string; value: string };
  name?: string;
  birthdate?: string;
  email?: string;
  count: number;
  offset: number;
  /** Where the previous page stopped, for searches that walk the patients. */
  cursor?: { patientId: string; skip: number };
  /** What the search applied, in order, for `link.self`. */
  applied: [string, string][];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

function timeBound(raw: string): TimeBound {
  const match = /^(eq|gt|ge|lt|le)?(.+)$/.exec(raw)!;
  const prefix = (match[1] ?? 'eq') as Prefix;
  const value = match[2]!;
  if (DATE.test(value)) {
    const from = new Date(`${value}T00:00:00Z`);
    if (!Number.isNaN(from.getTime())) return { prefix, from, to: new Date(from.getTime() + DAY_MS) };
  } else if (INSTANT.test(value)) {
    const from = new Date(value);
    if (!Number.isNaN(from.getTime())) return { prefix, from, to: new Date(from.getTime() + 1) };
  }
  throw new FhirError('invalid', `_lastUpdated must be a date or an instant with an optional prefix: ${raw}`);
}

/** Whether an instant satisfies a bound (FHIR R4 §3.1.1.5.3: prefixes over the value's range). */
export function withinBound(at: Date, bound: TimeBound): boolean {
  switch (bound.prefix) {
    case 'eq':
      return at >= bound.from && at < bound.to;
    case 'gt':
      return at >= bound.to;
    case 'ge':
      return at >= bound.from;
    case 'lt':
      return at < bound.from;
    case 'le':
      return at < bound.to;
  }
}

function positiveInteger(name: string, raw: string, min: number): number {
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < min) {
    throw new FhirError('invalid', `${name} must be a whole number of at least ${min}`);
  }
  return Number(raw);
}

function cursorOf(raw: string): SearchRequest['cursor'] {
  const match = /^([0-9a-f-]{36})\.(\d{1,6})$/.exec(raw);
  if (!match) throw new FhirError('invalid', '_cursor is not one this server wrote');
  return { patientId: match[1]!, skip: Number(match[2]) };
}

/** `Patient/x` or `x`: the patient's id. */
const patientIdOf = (raw: string) => (raw.startsWith('Patient/') ? raw.slice('Patient/'.length) : raw);

/**
 * The search's parameters, checked. Parameters the type does not take are ignored (FHIR's
 * lenient handling) unless the client asked `Prefer: handling=strict`; either way `applied`
 * lists only what was used, and `link.self` shows it.
 */
export function parseSearch(
  served: ServedType,
  query: Record<string, string | string[] | undefined>,
  strict: boolean,
): SearchRequest {
  const search: SearchRequest = { lastUpdated: [], count: DEFAULT_COUNT, offset: 0, applied: [] };
  const known = new Set<string>([...served.searchParams, ...PAGING]);
  for (const [name, given] of Object.entries(query)) {
    if (given === undefined) continue;
    if (!known.has(name)) {
      if (strict) throw new FhirError('invalid', `${served.type} has no search parameter ${name}`);
      continue;
    }
    const values = Array.isArray(given) ? given : [given];
    if (name !== '_lastUpdated' && values.length > 1) {
      throw new FhirError('invalid', `${name} may be given once; separate alternatives with commas`);
    }
    for (const raw of values) {
      applyParameter(search, name, raw);
      if (!(PAGING as readonly string[]).includes(name)) search.applied.push([name, raw]);
    }
  }
  return search;
}

function applyParameter(search: SearchRequest, name: string, raw: string): void {
  if (raw === '') throw new FhirError('invalid', `${name} has no value`);
  switch (name) {
    case '_id':
      search.ids = raw.split(',');
      // Each id is looked up on its own: a bounded list keeps one request from costing thousands.
      if (search.ids.length > MAX_COUNT) throw new FhirError('invalid', `_id takes at most ${MAX_COUNT} ids`);
      return;
    case 'patient':
      search.patient = patientIdOf(raw);
      return;
    case '_lastUpdated':
      search.lastUpdated.push(timeBound(raw));
      return;
    case 'identifier': {
      const bar = raw.indexOf('|');
      search.identifier = bar < 0 ? { value: raw } : { system: raw.slice(0, bar), value: raw.slice(bar + 1) };
      return;
    }
    case 'name':
      search.name = raw;
      return;
    case 'birthdate':
      if (!DATE.test(raw)) throw new FhirError('invalid', 'birthdate must be a date (YYYY-MM-DD)');
      search.birthdate = raw;
      return;
    case 'email':
      search.email = raw;
      return;
    case '_count':
      search.count = Math.min(positiveInteger(name, raw, 1), MAX_COUNT);
      return;
    case '_offset':
      search.offset = positiveInteger(name, raw, 0);
      return;
    case '_cursor':
      search.cursor = cursorOf(raw);
      return;
  }
}

/** The filters every source applies in memory to resources it already holds. */
export function matchesResource(resource: Resource, search: SearchRequest): boolean {
  if (search.ids && !search.ids.includes(resource.id ?? '')) return false;
  if (search.lastUpdated.length > 0) {
    const at = resource.meta?.lastUpdated;
    if (!at) return false;
    const instant = new Date(at);
    if (!search.lastUpdated.every((bound) => withinBound(instant, bound))) return false;
  }
  return true;
}
