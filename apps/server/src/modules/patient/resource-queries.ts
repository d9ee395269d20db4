import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { Codes, ProtocolError } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { perDatabase } from '../../db/per-database.ts';
import { patientResources } from '../../db/schema/index.ts';
import { dateOfBirthColumns } from './date-of-birth-hash.ts';

/** Binds each ciphertext to its owner and kind, so rows cannot be swapped. */
const resourceContext = (userId: string, kind: string) => `patient:${userId}:${kind}`;

export interface StoredResource {
  kind: string;
  value: unknown;
  version: number;
  updatedAt: Date;
}

/**
 * `expectedVersion` is the version the edit started from (0: none existed): a save over
 * someone else's newer save answers 10409 (two tabs). 'any' overwrites (drafts, signup).
 */
export async function savePatientResource(
  ctx: AppContext,
  db: Queryable,
  userId: string,
  kind: string,
  value: unknown,
  expectedVersion: number | 'any' = 'any',
): Promise<number> {
  const data = encryptedResourceValue(ctx, userId, kind, value);
  const now = ctx.now();
  const nextVersion = sql`${patientResources.version} + 1`;
  const change = {
    data,
    version: nextVersion,
    updatedAt: now,
    ...dateOfBirthColumns(ctx, kind, value, nextVersion),
  };
  const insert = db
    .insert(patientResources)
    .values({ userId, kind, data, version: 1, updatedAt: now, ...dateOfBirthColumns(ctx, kind, value, 1) });
  let rows: { version: number }[];
  if (expectedVersion === 'any') {
    rows = await insert
      .onConflictDoUpdate({ target: [patientResources.userId, patientResources.kind], set: change })
      .returning({ version: patientResources.version });
  } else if (expectedVersion === 0) {
    rows = await insert.onConflictDoNothing().returning({ version: patientResources.version });
  } else {
    rows = await db
      .update(patientResources)
      .set(change)
      .where(
        and(
          eq(patientResources.userId, userId),
          eq(patientResources.kind, kind),
          eq(patientResources.version, expectedVersion),
        ),
      )
      .returning({ version: patientResources.version });
  }
  if (!rows[0]) throw new ProtocolError(Codes.conflict, 'This section was changed elsewhere: reload it');
  return rows[0].version;
}

export async function loadPatientResource(
  ctx: AppContext,
  db: Queryable,
  userId: string,
  kind: string,
): Promise<StoredResource | undefined> {
  const [row] = await db
    .select()
    .from(patientResources)
    .where(and(eq(patientResources.userId, userId), eq(patientResources.kind, kind)))
    .limit(1);
  return row && decryptedResource(ctx, row);
}

/**
 * A resource and a second kind beside it (its draft) in one prepared statement: a primary-key
 * lookup of both, planned once per connection. Every intake page reads this pair; as two
 * statements built by the query builder on each read it was a third of the read's CPU.
 */
function resourcePairStatement(db: Database) {
  return db
    .select()
    .from(patientResources)
    .where(
      and(
        eq(patientResources.userId, sql.placeholder('userId')),
        inArray(patientResources.kind, [sql.placeholder('kind'), sql.placeholder('besideKind')]),
      ),
    )
    .prepare('patient_resource_pair');
}

const resourcePairStatementOf = perDatabase(resourcePairStatement);

/** The resource `kind` and the one stored as `besideKind` (e.g. its draft), each decrypted, or undefined. */
export async function loadPatientResourcePair(
  ctx: AppContext,
  userId: string,
  kind: string,
  besideKind: string,
): Promise<[StoredResource | undefined, StoredResource | undefined]> {
  const rows = await resourcePairStatementOf(ctx.db).execute({ userId, kind, besideKind });
  const find = (wanted: string) => {
    const row = rows.find((candidate) => candidate.kind === wanted);
    return row && decryptedResource(ctx, row);
  };
  return [find(kind), find(besideKind)];
}

/** All resources whose kind starts with `prefix` (e.g. every `insurance:` coverage). */
export async function listPatientResources(
  ctx: AppContext,
  db: Queryable,
  userId: string,
  prefix: string,
): Promise<StoredResource[]> {
  const rows = await db
    .select()
    .from(patientResources)
    .where(and(eq(patientResources.userId, userId), like(patientResources.kind, `${prefix}%`)))
    .orderBy(patientResources.kind);
  return rows.map((row) => decryptedResource(ctx, row));
}

export async function deletePatientResource(db: Queryable, userId: string, kind: string): Promise<boolean> {
  const rows = await db
    .delete(patientResources)
    .where(and(eq(patientResources.userId, userId), eq(patientResources.kind, kind)))
    .returning({ kind: patientResources.kind });
  return rows.length > 0;
}

/** A resource's value as its row stores it: encrypted, bound to its owner and kind. */
export function encryptedResourceValue(
  ctx: Pick<AppContext, 'cipher'>,
  userId: string,
  kind: string,
  value: unknown,
): Uint8Array {
  return ctx.cipher.encryptJson(value, resourceContext(userId, kind));
}

/** A stored row's value decrypted and checked against its owner and kind. */
export function decryptedResource(
  ctx: Pick<AppContext, 'cipher'>,
  row: Pick<typeof patientResources.$inferSelect, 'userId' | 'kind' | 'data' | 'version' | 'updatedAt'>,
): StoredResource {
  return {
    kind: row.kind,
    value: ctx.cipher.decryptJson(row.data, resourceContext(row.userId, row.kind)),
    version: row.version,
    updatedAt: row.updatedAt,
  };
}
