import type { AssessmentSaveRequest, AssessmentState, InstrumentDefinition } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { recordAudit } from '../audit/index.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import { deleteDraft, insertSubmission, loadDraft, saveDraft } from './assessment-queries.ts';
import { historyView } from './assessment-view.ts';
import { auditTarget, definitionOf } from './instrument.ts';
import { recordLatestSubmission } from './record-latest-submission.ts';
import { scoreAnswers } from './scoring.ts';
import type { Actor } from '../../plugins/auth.ts';

async function stateOf(
  ctx: AppContext,
  db: Queryable,
  userId: string,
  definition: InstrumentDefinition,
): Promise<AssessmentState> {
  const draft = await loadDraft(ctx, db, userId, definition.id);
  return {
    ...(await historyView(ctx, db, userId, definition)),
    // A draft of an older version may name items that no longer exist: the form starts afresh.
    draft:
      draft && draft.version === definition.version
        ? { version: draft.version, answers: draft.answers, saved_at: draft.savedAt.toISOString() }
        : null,
  };
}

/** `GET /patient/bf_adl/`: the form's definition, the patient's draft, history and due date. */
export async function readAssessment(
  ctx: AppContext,
  actor: Actor,
  instrument: string,
): Promise<AssessmentState> {
  const definition = definitionOf(instrument);
  return ctx.db.transaction(async (tx) => {
    const state = await stateOf(ctx, tx, actor.patientId, definition);
    await recordAudit(tx, actor.meta, {
      action: 'assessment.read',
      outcome: 'success',
      actorId: actor.patientId,
      target: auditTarget(definition),
    });
    return state;
  });
}

/**
 * `POST /patient/bf_adl/`: a draft is kept as it is; a submission is scored here, stored with
 * the definition version, and replaces the draft. Answers arrive validated against the
 * current definition by the route schema, so nothing invalid reaches this point.
 */
export async function saveAssessment(
  ctx: AppContext,
  actor: Actor,
  request: AssessmentSaveRequest,
): Promise<AssessmentState> {
  const definition = definitionOf(request.instrument);
  const now = ctx.now();
  const { userId } = actor;
  return ctx.db.transaction(async (tx) => {
    if (request.draft === true) {
      await saveDraft(ctx, tx, userId, definition.id, {
        version: definition.version,
        answers: request.answers,
        savedAt: now,
      });
    } else {
      const scored = scoreAnswers(definition, request.answers);
      const id = await insertSubmission(ctx, tx, userId, {
        instrument: definition.id,
        version: definition.version,
        submittedAt: now,
        answers: request.answers,
        ...scored,
      });
      await recordLatestSubmission(ctx, tx, userId, definition, { id, submittedAt: now, ...scored });
      await deleteDraft(tx, userId, definition.id);
      await emitWebhookEvent(tx, ctx, 'assessment.submitted', { patient_id: userId, submission_id: id });
    }
    await recordAudit(tx, actor.meta, {
      action: request.draft === true ? 'assessment.draft' : 'assessment.submit',
      outcome: 'success',
      actorId: userId,
      target: auditTarget(definition),
      detail: { instrument: definition.id, version: definition.version },
    });
    return stateOf(ctx, tx, userId, definition);
  });
}
