import type { AssessmentSubmission, AssessmentSummary, InstrumentDefinition } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { listSubmissions, type StoredSubmission } from './assessment-queries.ts';
import { scheduleOf, type AssessmentSchedule } from './schedule.ts';

export interface AssessmentHistoryView extends AssessmentSchedule {
  definition: InstrumentDefinition;
  history: AssessmentSummary[];
  latest: AssessmentSubmission | null;
}

function summaryOf(submission: StoredSubmission): AssessmentSummary {
  return {
    id: submission.id,
    submitted_at: submission.submittedAt.toISOString(),
    version: submission.version,
    score: submission.score,
    band: submission.band,
  };
}

/** What both the patient and an administrator see of one patient's assessments. */
export async function historyView(
  ctx: AppContext,
  db: Queryable,
  userId: string,
  definition: InstrumentDefinition,
): Promise<AssessmentHistoryView> {
  const submissions = await listSubmissions(ctx, db, userId, definition.id);
  const last = submissions.at(-1);
  return {
    definition,
    history: submissions.map(summaryOf),
    latest: last ? { ...summaryOf(last), answers: last.answers } : null,
    ...scheduleOf(definition, last?.submittedAt, ctx.now()),
  };
}
