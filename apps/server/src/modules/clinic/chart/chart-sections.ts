import {
  BF_ADL_INSTRUMENT,
  INTAKE_RESOURCE_NAMES,
  type ChartAssessments,
  type ChartDocuments,
  type ChartSection,
  type IntakeSnapshot,
} from '@portal/protocol';
import type { AppContext } from '../../../context.ts';
import { assessmentFlag, definitionOf, listSubmissions, scheduleOf } from '../../assessment/index.ts';
import { documentHistory, referenceReads } from '../../documents/index.ts';
import { loadIntakeSnapshots } from '../../patient/index.ts';

type SectionReader = (ctx: AppContext, patientId: string) => Promise<unknown>;

/** An intake section from the newest hand-in only: drafts and later saves are never the chart. */
function handedIn(pick: (snapshot: IntakeSnapshot) => unknown): SectionReader {
  return async (ctx, patientId) => {
    const [newest] = await loadIntakeSnapshots(ctx, ctx.db, patientId, 1);
    return newest
      ? {
          submission: { id: newest.id, submitted_at: newest.submittedAt.toISOString() },
          value: pick(newest.snapshot),
        }
      : { submission: null, value: null };
  };
}

/** Every BF-ADL submission, oldest first, with its change from the one before and its flag; and when the next is due. */
async function assessments(ctx: AppContext, patientId: string): Promise<ChartAssessments> {
  const definition = definitionOf(BF_ADL_INSTRUMENT);
  const submissions = await listSubmissions(ctx, ctx.db, patientId, definition.id);
  return {
    instrument: definition.id,
    submissions: submissions.map((submission, index) => {
      const previous = submissions[index - 1];
      return {
        id: submission.id,
        submitted_at: submission.submittedAt.toISOString(),
        instrument: submission.instrument,
        version: submission.version,
        score: submission.score,
        band: submission.band,
        answers: submission.answers,
        change: previous ? submission.score - previous.score : null,
        flag: assessmentFlag(definition, previous, submission),
      };
    }),
    ...scheduleOf(definition, submissions.at(-1)?.submittedAt, ctx.now()),
  };
}

async function documents(ctx: AppContext, patientId: string): Promise<ChartDocuments> {
  const [items, reference] = await Promise.all([
    documentHistory(ctx, ctx.db, patientId),
    referenceReads(ctx.db, patientId),
  ]);
  return { items, reference };
}

/** How each chart section is read: one table, so a new section is one line. */
export const CHART_SECTION_READERS: Record<ChartSection, SectionReader> = {
  ...(Object.fromEntries(
    INTAKE_RESOURCE_NAMES.map((name) => [name, handedIn((snapshot) => snapshot.sections[name])]),
  ) as Record<(typeof INTAKE_RESOURCE_NAMES)[number], SectionReader>),
  insurance: handedIn((snapshot) => ({
    no_insurance: snapshot.no_insurance,
    coverages: snapshot.coverages,
  })),
  bf_adl: assessments,
  documents,
};
