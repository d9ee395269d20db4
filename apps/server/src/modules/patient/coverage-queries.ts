import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Queryable } from '../../db/database.ts';
import { perDatabase } from '../../db/per-database.ts';
import { patientFiles, patientResources } from '../../db/schema/index.ts';

export interface CardFile {
  mime: string;
  size: number;
  updatedAt: Date;
}

export interface CoverageRow {
  userId: string;
  kind: string;
  data: Uint8Array;
  version: number;
  updatedAt: Date;
  front: CardFile | null;
  back: CardFile | null;
}

/**
 * Every `insurance:<type>` coverage of a patient with its card images' metadata (slots
 * `insurance:<type>:front` and `:back`) in one prepared statement: primary-key lookups only,
 * planned once per connection.
 */
function coveragesStatement(db: Database) {
  const front = alias(patientFiles, 'front');
  const back = alias(patientFiles, 'back');
  const slotOf = (side: string) => sql`${patientResources.kind} || ${`:${side}`}`;
  return db
    .select({
      userId: patientResources.userId,
      kind: patientResources.kind,
      data: patientResources.data,
      version: patientResources.version,
      updatedAt: patientResources.updatedAt,
      frontMime: front.mime,
      frontSize: front.size,
      frontUpdatedAt: front.updatedAt,
      backMime: back.mime,
      backSize: back.size,
      backUpdatedAt: back.updatedAt,
    })
    .from(patientResources)
    .leftJoin(front, and(eq(front.userId, patientResources.userId), eq(front.slot, slotOf('front'))))
    .leftJoin(back, and(eq(back.userId, patientResources.userId), eq(back.slot, slotOf('back'))))
    .where(
      and(eq(patientResources.userId, sql.placeholder('userId')), like(patientResources.kind, 'insurance:%')),
    )
    .orderBy(patientResources.kind)
    .prepare('patient_coverages');
}

const coveragesStatementOf = perDatabase(coveragesStatement);

export async function selectCoveragesWithCards(db: Database, userId: string): Promise<CoverageRow[]> {
  const rows = await coveragesStatementOf(db).execute({ userId });
  return rows.map(({ frontMime, frontSize, frontUpdatedAt, backMime, backSize, backUpdatedAt, ...row }) => ({
    ...row,
    front: cardFile(frontMime, frontSize, frontUpdatedAt),
    back: cardFile(backMime, backSize, backUpdatedAt),
  }));
}

/** The left join's columns are all null when the side has no image. */
function cardFile(mime: string | null, size: number | null, updatedAt: Date | null): CardFile | null {
  return mime === null || size === null || updatedAt === null ? null : { mime, size, updatedAt };
}

/** Whether the patients have an insurance coverage on file, by patient id: one query for any number. */
export async function coveredPatients(db: Queryable, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: patientResources.userId })
    .from(patientResources)
    .where(and(inArray(patientResources.userId, [...userIds]), like(patientResources.kind, 'insurance:%')));
  return new Set(rows.map((row) => row.userId));
}
