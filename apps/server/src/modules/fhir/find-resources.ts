import { and, asc, gt, gte } from 'drizzle-orm';
import { INSTRUMENT_DEFINITIONS } from '@portal/protocol';
import type { Resource } from '@medplum/fhirtypes';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { patientAccount } from '../../db/patient-account.ts';
import { users } from '../../db/schema/index.ts';
import { fhirCanonicalBase, questionnaireOf } from '../assessment/index.ts';
import { PatientData } from './patient-data.ts';
import { searchPatients } from './patient-search.ts';
import { isUuid, ownerOfResourceId } from './resource-owner.ts';
import type { ServedType } from './resource-types.ts';
import { matchesResource, type SearchRequest } from './search-params.ts';

/** A page of matches, the patients whose data it holds (for the audit) and how to ask for the next. */
export interface SearchPage {
  resources: Resource[];
  patients: string[];
  total?: number;
  next?: [string, string];
}

/** Patients are walked this many at a time when a search spans every patient. */
const PATIENT_BATCH = 25;

const questionnaires = (ctx: AppContext) =>
  INSTRUMENT_DEFINITIONS.map((definition) => questionnaireOf(definition, fhirCanonicalBase(ctx)));

/** The resource `Type/id`, with the patient it belongs to; undefined when unknown (or not a patient's). */
export async function readResource(
  ctx: AppContext,
  db: Queryable,
  served: ServedType,
  id: string,
): Promise<{ resource: Resource; patientId?: string } | undefined> {
  const source = served.source;
  if (source.kind === 'definitions') {
    const resource = questionnaires(ctx).find((q) => q.id === id);
    return resource && { resource };
  }
  const patientId = await ownerOfResourceId(db, id);
  if (!patientId) return undefined;
  const data = new PatientData(ctx, db, patientId);
  const resource =
    source.kind === 'patients'
      ? id === patientId
        ? await data.patientResource()
        : undefined
      : (await source.load(data)).find((r) => r.id === id);
  return resource && { resource, patientId };
}

/** Which patients a patient-owned search can touch, in id order from `from` on. */
type PatientCandidates = (from: { id: string; inclusive: boolean } | undefined) => Promise<string[]>;

function everyPatient(db: Queryable): PatientCandidates {
  return async (from) => {
    const after = from && (from.inclusive ? gte(users.id, from.id) : gt(users.id, from.id));
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(patientAccount(), after))
      .orderBy(asc(users.id))
      .limit(PATIENT_BATCH);
    return rows.map((row) => row.id);
  };
}

function fixedPatients(ids: string[]): PatientCandidates {
  const sorted = [...new Set(ids)].sort();
  return async (from) =>
    sorted.filter((id) => !from || (from.inclusive ? id >= from.id : id > from.id)).slice(0, PATIENT_BATCH);
}

/** The patients a search names (by `patient`, or by the owners of its `_id`s), or undefined for all. */
async function namedPatients(db: Queryable, search: SearchRequest): Promise<string[] | undefined> {
  const named: string[][] = [];
  if (search.patient !== undefined) {
    const owner = isUuid(search.patient) ? await ownerOfResourceId(db, search.patient) : undefined;
    named.push(owner === search.patient ? [owner] : []);
  }
  if (search.ids) {
    const owners = await Promise.all(search.ids.map((id) => ownerOfResourceId(db, id)));
    named.push(owners.filter((owner): owner is string => owner !== undefined));
  }
  if (named.length === 0) return undefined;
  return named.reduce((a, b) => a.filter((id) => b.includes(id)));
}

/**
 * A page of one patient-owned type. The walk goes patient by patient in id order, so a page
 * never loads more patients than it needs; the cursor is where it stopped (patient and place).
 * A search bounded to named patients also counts its total; one over every patient does not,
 * which would mean reading every record.
 */
async function searchPatientOwned(
  ctx: AppContext,
  db: Queryable,
  load: (data: PatientData) => Promise<Resource[]>,
  search: SearchRequest,
): Promise<SearchPage> {
  const named = await namedPatients(db, search);
  const candidates = named ? fixedPatients(named) : everyPatient(db);
  const datas = new Map<string, PatientData>();
  const matchesOf = async (patientId: string) => {
    let data = datas.get(patientId);
    if (!data) datas.set(patientId, (data = new PatientData(ctx, db, patientId)));
    return (await load(data)).filter((resource) => matchesResource(resource, search));
  };

  const page: SearchPage = { resources: [], patients: [] };
  const take = async (patientId: string, skip: number): Promise<boolean> => {
    const matches = await matchesOf(patientId);
    for (let n = skip; n < matches.length; n++) {
      if (page.resources.length === search.count) {
        page.next = ['_cursor', `${patientId}.${n}`];
        return false;
      }
      page.resources.push(matches[n]!);
      if (!page.patients.includes(patientId)) page.patients.push(patientId);
    }
    return true;
  };

  const cursor = search.cursor;
  let from = cursor && { id: cursor.patientId, inclusive: true };
  walk: for (;;) {
    const batch = await candidates(from);
    for (const patientId of batch) {
      if (!(await take(patientId, patientId === cursor?.patientId ? cursor.skip : 0))) break walk;
    }
    if (batch.length < PATIENT_BATCH) break;
    from = { id: batch.at(-1)!, inclusive: false };
  }
  if (named) {
    let total = 0;
    for (const patientId of named) total += (await matchesOf(patientId)).length;
    page.total = total;
  }
  return page;
}

/** One page of a type's search. */
export async function searchResources(
  ctx: AppContext,
  db: Queryable,
  served: ServedType,
  search: SearchRequest,
): Promise<SearchPage> {
  const source = served.source;
  switch (source.kind) {
    case 'patients': {
      const found = await searchPatients(ctx, db, search, (id) =>
        new PatientData(ctx, db, id).patientResource(),
      );
      return {
        resources: found.resources,
        patients: found.resources.map((r) => r.id!),
        total: found.total,
        next: found.more ? ['_offset', String(search.offset + search.count)] : undefined,
      };
    }
    case 'definitions': {
      const matches = questionnaires(ctx).filter((q) => matchesResource(q, search));
      const end = search.offset + search.count;
      return {
        resources: matches.slice(search.offset, end),
        patients: [],
        total: matches.length,
        next: end < matches.length ? ['_offset', String(end)] : undefined,
      };
    }
    case 'patient-owned':
      return searchPatientOwned(ctx, db, source.load, search);
  }
}
