import { and, arrayContains, asc, count, desc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import type {
  AccountKind,
  AdminUser,
  LockKind,
  Role,
  SortOrder,
  UserSort,
  UserStatus,
} from '@portal/protocol';
import type { Queryable } from '../../../db/database.ts';
import { sessions, users } from '../../../db/schema/index.ts';
import { escapeLike } from '../../../db/escape-like.ts';
import { personColumns } from '../../../db/person-columns.ts';

/**
 * The status an administrator sees, in one SQL expression so the filter and the column agree:
 * deactivated wins over everything, then an administrator's lock, then a pending invitation,
 * then a login lockout still in force (protocol.md §5).
 */
function shownStatus(now: Date): SQL<UserStatus> {
  return sql<UserStatus>`case
    when ${users.status} = 'deactivated' then 'deactivated'
    when ${users.status} = 'locked' then 'locked'
    when ${users.status} = 'invited' then 'invited'
    when ${users.lockedUntil} > ${now} then 'locked'
    else 'active' end`;
}

/**
 * The newest session is the last login; sessions_user_created_idx serves it. Written out in
 * SQL: Drizzle leaves columns unqualified in a one-table query, where `id` inside the
 * subquery would mean the session's own.
 */
const lastLogin =
  sql<Date | null>`(select max(s.created_at) from sessions s where s.user_id = users.id)`.mapWith(
    sessions.createdAt,
  );

// Each expression matches an index of migration 0005 exactly, so a prefix search is an index scan.
const emailKey = sql`lower(${users.email})`;
const fullNameKey = sql`lower(${users.firstName} || ' ' || ${users.lastName})`;
const lastNameKey = sql`lower(${users.lastName})`;

const SORT_KEYS: Record<UserSort, SQL[]> = {
  name: [lastNameKey, sql`lower(${users.firstName})`],
  email: [emailKey],
  created: [sql`${users.createdAt}`],
  last_login: [lastLogin],
};

/**
 * Whether the account holds a live grant to act for a patient (the auth plugin's conditions on
 * the grant; decision 0023). Written out in SQL for the reason `lastLogin` is.
 */
function helpsSomeone(now: Date): SQL<boolean> {
  return sql<boolean>`exists (select 1 from caregiver_grants g where g.caregiver_id = users.id
    and g.status = 'active' and g.ends_on >= ${now.toISOString().slice(0, 10)}::date)`;
}

/** Decision 0032: patients the clinic treats; caregivers, caregiver-only or patients who help someone. */
function kindCondition(kind: AccountKind, now: Date): SQL {
  const patient = sql`(${users.roles} @> array['user'] and ${users.isPatient})`;
  return kind === 'patient'
    ? patient
    : sql`(${users.roles} @> array['user'] and (not ${users.isPatient} or ${helpsSomeone(now)}))`;
}

export interface UserFilter {
  q?: string | undefined;
  role?: Role | undefined;
  status?: UserStatus | undefined;
  kind?: AccountKind | undefined;
  id?: string;
}

function whereOf(filter: UserFilter, now: Date): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.id) conditions.push(eq(users.id, filter.id));
  if (filter.q) {
    const prefix = `${escapeLike(filter.q.toLowerCase())}%`;
    conditions.push(
      or(
        sql`${emailKey} like ${prefix}`,
        sql`${fullNameKey} like ${prefix}`,
        sql`${lastNameKey} like ${prefix}`,
      ),
    );
  }
  if (filter.role) conditions.push(arrayContains(users.roles, [filter.role]));
  if (filter.status) conditions.push(sql`${shownStatus(now)} = ${filter.status}`);
  if (filter.kind) conditions.push(kindCondition(filter.kind, now));
  return and(...conditions);
}

function selectUsers(db: Queryable, now: Date) {
  return db
    .select({
      ...personColumns,
      roles: users.roles,
      auths: users.auths,
      rawStatus: users.status,
      status: shownStatus(now),
      lockedUntil: users.lockedUntil,
      mfaEnabled: users.mfaEnabled,
      isPatient: users.isPatient,
      isCaregiver: helpsSomeone(now),
      createdAt: users.createdAt,
      lastLoginAt: lastLogin,
    })
    .from(users);
}

type UserRow = Awaited<ReturnType<ReturnType<typeof selectUsers>['execute']>>[number];

function viewOf(row: UserRow): AdminUser {
  const lock: LockKind | null =
    row.status !== 'locked' ? null : row.rawStatus === 'locked' ? 'admin' : 'lockout';
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    locale: row.locale === 'cn' ? 'cn' : 'gb',
    roles: row.roles as Role[],
    auths: row.auths,
    status: row.status,
    lock,
    locked_until: lock === 'lockout' ? (row.lockedUntil?.toISOString() ?? null) : null,
    mfa_enabled: row.mfaEnabled,
    is_patient: row.roles.includes('user') && row.isPatient,
    is_caregiver: Boolean(row.isCaregiver),
    created_at: row.createdAt.toISOString(),
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
  };
}

/** One page of users; `total` counts every match. Ties break on id so pages never overlap. */
export async function findUsers(
  db: Queryable,
  now: Date,
  query: UserFilter & { sort: UserSort; order: SortOrder; page: number; page_size: number },
): Promise<{ items: AdminUser[]; total: number }> {
  const where = whereOf(query, now);
  const direction = query.order === 'asc' ? asc : desc;
  const order = [
    ...SORT_KEYS[query.sort].map((key) => sql`${direction(key)} nulls last`),
    direction(users.id),
  ];
  // One after another: `db` may be a transaction (db/in-turn.ts).
  const rows = await selectUsers(db, now)
    .where(where)
    .orderBy(...order)
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  const [counted] = await db.select({ total: count() }).from(users).where(where);
  return { items: rows.map(viewOf), total: counted?.total ?? 0 };
}

export async function findUserView(db: Queryable, now: Date, id: string): Promise<AdminUser | undefined> {
  const [row] = await selectUsers(db, now).where(whereOf({ id }, now)).limit(1);
  return row && viewOf(row);
}

export async function countLiveSessions(db: Queryable, now: Date, userId: string): Promise<number> {
  const [row] = await db
    .select({ live: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  return row?.live ?? 0;
}
