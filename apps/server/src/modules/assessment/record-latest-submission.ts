import { and, eq, isNull } from 'drizzle-orm';
import type { InstrumentDefinition } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { assessmentLatest } from '../../db/schema/index.ts';
import { assessmentFlag } from './assessment-flag.ts';
import { listSubmissions, submissionScore } from './assessment-queries.ts';
import { definitionOf } from './instrument.ts';
import type { AssessmentScore } from './scoring.ts';

/**
 * Keeps `assessment_latest` in step with a new submission, in its transaction: the worklist
 * counts due and flagged patients from it in SQL. The flag is the chart's own rule.
 */
export async function recordLatestSubmission(
  ctx: AppContext,
  db: Queryable,
  userId: string,
  definition: InstrumentDefinition,
  submission: AssessmentScore & { id: string; submittedAt: Date },
): Promise<void> {
  const [latest] = await db
    .select({ submissionId: assessmentLatest.submissionId })
    .from(assessmentLatest)
    .where(and(eq(assessmentLatest.userId, userId), eq(assessmentLatest.instrument, definition.id)));
  const previous = latest ? await submissionScore(ctx, db, userId, latest.submissionId) : undefined;
  const values = {
    submissionId: submission.id,
    submittedAt: submission.submittedAt,
    flagged: assessmentFlag(definition, previous, submission).length > 0,
  };
  await db
    .insert(assessmentLatest)
    .values({ userId, instrument: definition.id, ...values })
    .onConflictDoUpdate({ target: [assessmentLatest.userId, assessmentLatest.instrument], set: values });
}

const BACKFILL_BATCH = 200;

/**
 * Judges the newest submissions carried over by migration 0013 (flag still null): each needs
 * the encrypted scores, so the server does it once, at boot, a batch at a time. Safe on
 * several nodes at once: each writes the same answer.
 */
export async function judgeCarriedOverFlags(ctx: AppContext): Promise<number> {
  let judged = 0;
  for (;;) {
    const rows = await ctx.db
      .select({ userId: assessmentLatest.userId, instrument: assessmentLatest.instrument })
      .from(assessmentLatest)
      .where(isNull(assessmentLatest.flagged))
      .limit(BACKFILL_BATCH);
    if (rows.length === 0) return judged;
    for (const row of rows) {
      const history = await listSubmissions(ctx, ctx.db, row.userId, row.instrument);
      const [previous, newest] =
        history.slice(-2).length === 2 ? history.slice(-2) : [undefined, history.at(-1)];
      const flagged = newest
        ? assessmentFlag(definitionOf(row.instrument), previous, newest).length > 0
        : false;
      await ctx.db
        .update(assessmentLatest)
        .set({ flagged })
        .where(and(eq(assessmentLatest.userId, row.userId), eq(assessmentLatest.instrument, row.instrument)));
      judged++;
    }
  }
}
