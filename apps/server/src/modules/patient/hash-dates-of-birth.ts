import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { patientResources } from '../../db/schema/index.ts';
import { profileDateOfBirthHash, unhashedProfile } from './date-of-birth-hash.ts';
import { decryptedResource } from './resource-queries.ts';

/** Profiles opened and hashed per statement: a batch's rows are in memory at once. */
const BATCH = 500;

/**
 * Hashes every profile whose hash is missing or stale, in order of owner, a batch at a time;
 * answers how many it hashed. A row is written only at the version that was read, so a profile
 * saved meanwhile keeps its save's own hash. This runs in the server because the key does
 * (decision 0041): the background job fills rows of older releases, rotate-keys all of them.
 */
export async function hashDatesOfBirth(ctx: Pick<AppContext, 'cipher'>, db: Queryable): Promise<number> {
  let hashed = 0;
  let after: string | null = null;
  for (;;) {
    const rows = await db
      .select()
      .from(patientResources)
      .where(after === null ? unhashedProfile : and(unhashedProfile, gt(patientResources.userId, after)))
      .orderBy(asc(patientResources.userId))
      .limit(BATCH);
    if (rows.length === 0) return hashed;
    const hashes = rows.map((row) => ({
      user_id: row.userId,
      version: row.version,
      hash: profileDateOfBirthHash(ctx, decryptedResource(ctx, row).value),
    }));
    await db.execute(sql`update patient_resources p
      set date_of_birth_hash = r.hash, date_of_birth_hash_version = r.version
      from jsonb_to_recordset(${JSON.stringify(hashes)}::jsonb) as r(user_id uuid, version integer, hash text)
      where p.user_id = r.user_id and p.kind = 'profile' and p.version = r.version`);
    hashed += rows.length;
    after = rows.at(-1)!.userId;
  }
}

/** Every profile hashed anew: after the key changed (rotate-keys), no stored hash is valid. */
export async function rehashDatesOfBirth(ctx: Pick<AppContext, 'cipher'>, db: Queryable): Promise<number> {
  await db
    .update(patientResources)
    .set({ dateOfBirthHashVersion: null })
    .where(eq(patientResources.kind, 'profile'));
  return hashDatesOfBirth(ctx, db);
}
