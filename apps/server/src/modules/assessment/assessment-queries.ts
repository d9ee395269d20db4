import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Answers } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { assessmentDrafts, assessmentSubmissions } from '../../db/schema/index.ts';
import type { AssessmentScore } from './scoring.ts';

/** Binds each ciphertext to its owner and row, so rows cannot be swapped or moved. */
const submissionContext = (userId: string, id: string) => `assessment:${userId}:${id}`;
const draftContext = (userId: string, instrument: string) => `assessment-draft:${userId}:${instrument}`;

export interface StoredSubmission extends AssessmentScore {
  id: string;
  instrument: string;
  version: number;
  submittedAt: Date;
  answers: Answers;
}

export interface StoredDraft {
  version: number;
  answers: Answers;
  savedAt: Date;
}

type SealedSubmission = AssessmentScore & { answers: Answers };

export async function insertSubmission(
  ctx: AppContext,
  db: Queryable,
  userId: string,
  submission: Omit<StoredSubmission, 'id'>,
): Promise<string> {
  const id = randomUUID();
  const { instrument, version, submittedAt, answers, score, band } = submission;
  const sealed: SealedSubmission = { answers, score, band };
  await db.insert(assessmentSubmissions).values({
    id,
    userId,
    instrument,
    version,
    submittedAt,
    data: ctx.cipher.encryptJson(sealed, submissionContext(userId, id)),
  });
  return id;
}

/** One submission's score and band, decrypted; undefined when there is no such row of the patient. */
export async function submissionScore(
  ctx: AppContext,
  db: Queryable,
  userId: string,
  id: string,
): Promise<AssessmentScore | undefined> {
  const [row] = await db
    .select({ data: assessmentSubmissions.data })
    .from(assessmentSubmissions)
    .where(and(eq(assessmentSubmissions.id, id), eq(assessmentSubmissions.userId, userId)));
  if (!row) return undefined;
  const { score, band } = ctx.cipher.decryptJson(row.data, submissionContext(userId, id)) as SealedSubmission;
  return { score, band };
}

/** A patient's submissions of one instrument, oldest first. */
export async function listSubmissions(
  ctx: AppContext,
  db: Queryable,
  userId: string,
  instrument: string,
): Promise<StoredSubmission[]> {
  const rows = await db
    .select()
    .from(assessmentSubmissions)
    .where(and(eq(assessmentSubmissions.userId, userId), eq(assessmentSubmissions.instrument, instrument)))
    .orderBy(asc(assessmentSubmissions.submittedAt), asc(assessmentSubmissions.id));
  return rows.map((row) => {
    const sealed = ctx.cipher.decryptJson(row.data, submissionContext(userId, row.id)) as SealedSubmission;
    return {
      id: row.id,
      instrument: row.instrument,
      version: row.version,
      submittedAt: row.submittedAt,
      ...sealed,
    };
  });
}

export async function saveDraft(
  ctx: AppContext,
  db: Queryable,
  userId: string,
  instrument: string,
  draft: StoredDraft,
): Promise<void> {
  const data = ctx.cipher.encryptJson(draft.answers, draftContext(userId, instrument));
  const values = { version: draft.version, data, savedAt: draft.savedAt };
  await db
    .insert(assessmentDrafts)
    .values({ userId, instrument, ...values })
    .onConflictDoUpdate({ target: [assessmentDrafts.userId, assessmentDrafts.instrument], set: values });
}

export async function loadDraft(
  ctx: AppContext,
  db: Queryable,
  userId: string,
  instrument: string,
): Promise<StoredDraft | undefined> {
  const [row] = await db
    .select()
    .from(assessmentDrafts)
    .where(and(eq(assessmentDrafts.userId, userId), eq(assessmentDrafts.instrument, instrument)));
  if (!row) return undefined;
  const answers = ctx.cipher.decryptJson(row.data, draftContext(userId, instrument)) as Answers;
  return { version: row.version, answers, savedAt: row.savedAt };
}

export async function deleteDraft(db: Queryable, userId: string, instrument: string): Promise<void> {
  await db
    .delete(assessmentDrafts)
    .where(and(eq(assessmentDrafts.userId, userId), eq(assessmentDrafts.instrument, instrument)));
}

/**
 * The two newest scores of each of several patients, in one statement (oldest of the two
 * first; one entry for a patient with a single submission): what the worklist needs to say
 * why a page of patients is flagged.
 */
export async function newestTwoScores(
  ctx: AppContext,
  db: Queryable,
  userIds: readonly string[],
  instrument: string,
): Promise<Map<string, AssessmentScore[]>> {
  const scores = new Map<string, AssessmentScore[]>();
  if (userIds.length === 0) return scores;
  const result = (await db.execute(sql`select id, user_id, data_enc from (
      select s.id, s.user_id, s.data_enc, s.submitted_at,
        row_number() over (partition by s.user_id order by s.submitted_at desc, s.id desc) as newest
      from ${assessmentSubmissions} s
      where s.user_id in (${sql.join(
        userIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and s.instrument = ${instrument}) ranked
    where newest <= 2 order by user_id, submitted_at, id`)) as unknown as {
    rows: { id: string; user_id: string; data_enc: Uint8Array }[];
  };
  for (const row of result.rows) {
    const { score, band } = ctx.cipher.decryptJson(
      Buffer.from(row.data_enc),
      submissionContext(row.user_id, row.id),
    ) as SealedSubmission;
    scores.set(row.user_id, [...(scores.get(row.user_id) ?? []), { score, band }]);
  }
  return scores;
}

/** When each patient last submitted the instrument, by patient id; without decrypting any answers. */
export async function lastSubmittedAt(
  db: Queryable,
  userIds: readonly string[],
  instrument: string,
): Promise<Map<string, Date>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: assessmentSubmissions.userId, at: max(assessmentSubmissions.submittedAt) })
    .from(assessmentSubmissions)
    .where(
      and(
        inArray(assessmentSubmissions.userId, [...userIds]),
        eq(assessmentSubmissions.instrument, instrument),
      ),
    )
    .groupBy(assessmentSubmissions.userId);
  return new Map(rows.flatMap((row) => (row.at ? [[row.userId, row.at] as const] : [])));
}
