import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { patientResources } from '../../db/schema/index.ts';

/** The HKDF label of the hash's key: its own, so no other keyed value is computed under it. */
const PURPOSE = 'portal date-of-birth hash v1';

/** The keyed hash a profile born on `isoDate` stores (decision 0041). */
export const dateOfBirthHash = (ctx: Pick<AppContext, 'cipher'>, isoDate: string): string =>
  ctx.cipher.keyedHash(PURPOSE, isoDate);

/** The hash of a profile's date of birth; null when the profile holds none. */
export function profileDateOfBirthHash(ctx: Pick<AppContext, 'cipher'>, profile: unknown): string | null {
  const born = (profile as { date_of_birth?: unknown } | null)?.date_of_birth;
  return typeof born === 'string' ? dateOfBirthHash(ctx, born) : null;
}

/**
 * The hash columns a save of `kind` writes beside its value: a profile's hash, as of the version
 * the save gives the row; nothing for any other kind.
 */
export function dateOfBirthColumns(
  ctx: Pick<AppContext, 'cipher'>,
  kind: string,
  value: unknown,
  version: number | SQL,
): { dateOfBirthHash?: string | null; dateOfBirthHashVersion?: number | SQL } {
  if (kind !== 'profile') return {};
  return { dateOfBirthHash: profileDateOfBirthHash(ctx, value), dateOfBirthHashVersion: version };
}

/**
 * Profiles whose hash does not stand for their value: never hashed (written before migration
 * 0024) or saved since by a node that does not know the column. The partial index
 * patient_resources_date_of_birth_unhashed_idx holds exactly these.
 */
export const unhashedProfile: SQL = and(
  eq(patientResources.kind, 'profile'),
  sql`${patientResources.dateOfBirthHashVersion} is distinct from ${patientResources.version}`,
)!;
