import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Resource } from '@medplum/fhirtypes';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { escapeLike } from '../../db/escape-like.ts';
import { patientAccount } from '../../db/patient-account.ts';
import { users } from '../../db/schema/index.ts';
import { findPatientsBornOn, patientIdentifierSystem } from '../patient/index.ts';
import { isUuid } from './resource-owner.ts';
import type { SearchRequest, TimeBound } from './search-params.ts';

/** The Patient's `meta.lastUpdated`: its newest profile or contact save (record-to-fhir). */
const patientLastUpdated = sql`(select max(pr.updated_at) from patient_resources pr
  where pr.user_id = users.id and pr.kind in ('profile', 'contact'))`;

function boundSql(bound: TimeBound): SQL {
  const at = patientLastUpdated;
  switch (bound.prefix) {
    case 'eq':
      return sql`(${at} >= ${bound.from} and ${at} < ${bound.to})`;
    case 'gt':
      return sql`${at} >= ${bound.to}`;
    case 'ge':
      return sql`${at} >= ${bound.from}`;
    case 'lt':
      return sql`${at} < ${bound.from}`;
    case 'le':
      return sql`${at} < ${bound.to}`;
  }
}

const nothing = sql`false`;

/** The search's conditions on the patients, all in SQL but the birth date (sealed in the profile). */
function patientConditions(ctx: AppContext, search: SearchRequest): SQL[] {
  const conditions: SQL[] = [patientAccount()];
  if (search.ids) {
    const ids = search.ids.filter(isUuid);
    conditions.push(ids.length > 0 ? inArray(users.id, ids) : nothing);
  }
  if (search.identifier) {
    const { system, value } = search.identifier;
    const ours = system === undefined || system === patientIdentifierSystem(ctx.config.publicUrl);
    conditions.push(ours && isUuid(value) ? eq(users.id, value) : nothing);
  }
  if (search.name) {
    // FHIR string search matches a part of any name; names are plain columns, so this stays in SQL.
    const part = `%${escapeLike(search.name.toLowerCase())}%`;
    conditions.push(
      or(
        sql`lower(${users.firstName}) like ${part}`,
        sql`lower(${users.lastName}) like ${part}`,
        sql`lower(${users.firstName} || ' ' || ${users.lastName}) like ${part}`,
      )!,
    );
  }
  if (search.email) conditions.push(sql`lower(${users.email}) = ${search.email.toLowerCase()}`);
  for (const bound of search.lastUpdated) conditions.push(boundSql(bound));
  return conditions;
}

/**
 * One page of the patients a search matches, paged in the database by id. A birth date is
 * sealed in the profile, so it narrows the other conditions' matches by opening their profiles.
 */
export async function searchPatients(
  ctx: AppContext,
  db: Queryable,
  search: SearchRequest,
  build: (patientId: string) => Promise<Resource>,
): Promise<{ resources: Resource[]; total: number; more: boolean }> {
  const conditions = patientConditions(ctx, search);
  if (search.birthdate) {
    const candidates = sql`(select ${users.id} from ${users} where ${and(...conditions)})`;
    const born = await findPatientsBornOn(ctx, db, candidates, search.birthdate);
    conditions.push(born.length > 0 ? inArray(users.id, born) : nothing);
  }
  const where = and(...conditions);
  const [counted] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(where)
    .orderBy(asc(users.id))
    .limit(search.count)
    .offset(search.offset);
  const resources: Resource[] = [];
  for (const row of rows) resources.push(await build(row.id));
  const total = counted?.total ?? 0;
  return { resources, total, more: search.offset + rows.length < total };
}
