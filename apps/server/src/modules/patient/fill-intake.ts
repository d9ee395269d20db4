import {
  Codes,
  INTAKE_CONFLICTS,
  INTAKE_RESOURCES,
  INTAKE_RESOURCE_NAMES,
  ProtocolError,
  type IntakeResourceName,
  type IntakeStatus,
} from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { recordAudit, recordStandaloneAudit } from '../audit/index.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import { listCoverages } from './manage-coverages.ts';
import { assertSectionOpen, reviewStageOf, reviewStatusOf } from './intake-reviews.ts';
import { SUBMISSION_KIND, writeIntakeSnapshot } from './intake-snapshot.ts';
import {
  deletePatientResource,
  loadPatientResource,
  loadPatientResourcePair,
  savePatientResource,
} from './resource-queries.ts';
import type { Actor } from '../../plugins/auth.ts';

const draftKind = (name: string) => `draft:${name}`;

/** One resource with the patient's unsaved draft of it; every read is audited before it is answered. */
export async function readResource(ctx: AppContext, actor: Actor, name: IntakeResourceName) {
  const [saved, draft] = await loadPatientResourcePair(ctx, actor.patientId, name, draftKind(name));
  await recordStandaloneAudit(ctx, actor.meta, {
    action: 'patient.read',
    outcome: 'success',
    actorId: actor.patientId,
    target: name,
  });
  return {
    value: saved?.value ?? null,
    version: saved?.version ?? 0,
    updated_at: saved?.updatedAt.toISOString() ?? null,
    draft: draft?.value ?? null,
  };
}

/** A whole, valid value replaces the resource and drops its draft; a draft is kept beside it. */
export async function saveResource(
  ctx: AppContext,
  actor: Actor,
  name: IntakeResourceName,
  request: { version: number; draft?: boolean; value: unknown },
) {
  await ctx.db.transaction(async (tx) => {
    await assertSectionOpen(ctx, tx, actor.patientId, name);
    if (request.draft) {
      await savePatientResource(ctx, tx, actor.patientId, draftKind(name), request.value);
    } else {
      await savePatientResource(ctx, tx, actor.patientId, name, request.value, request.version);
      await deletePatientResource(tx, actor.patientId, draftKind(name));
    }
    await recordAudit(tx, actor.meta, {
      action: request.draft ? 'patient.draft' : 'patient.write',
      outcome: 'success',
      actorId: actor.patientId,
      target: name,
    });
  });
  return readResource(ctx, actor, name);
}

/** Which sections are done: the welcome card and the stepper show this. */
export async function intakeStatus(ctx: AppContext, userId: string): Promise<IntakeStatus> {
  const sections = {} as IntakeStatus['sections'];
  for (const name of INTAKE_RESOURCE_NAMES) {
    const saved = await loadPatientResource(ctx, ctx.db, userId, name);
    const draft = await loadPatientResource(ctx, ctx.db, userId, draftKind(name));
    // Signup stores only names and birth date as the profile: a section counts once its schema is met.
    sections[name] = {
      complete: saved !== undefined && INTAKE_RESOURCES[name].safeParse(saved.value).success,
      has_draft: Boolean(draft),
      updated_at: saved?.updatedAt.toISOString() ?? null,
    };
  }
  const coverages = await listCoverages(ctx, ctx.db, userId);
  const submission = await loadPatientResource(ctx, ctx.db, userId, SUBMISSION_KIND);
  const noInsurance = Boolean((submission?.value as { no_insurance?: boolean } | undefined)?.no_insurance);
  const latest =
    coverages
      .map((c) => c.updatedAt.toISOString())
      .sort()
      .at(-1) ?? null;
  sections.insurance = {
    complete: coverages.length > 0 || noInsurance,
    has_draft: false,
    updated_at: latest,
  };
  return {
    sections,
    no_insurance: noInsurance,
    submitted_at: submission?.updatedAt.toISOString() ?? null,
    complete: Object.values(sections).every((s) => s.complete),
    review: reviewStatusOf(await reviewStageOf(ctx, ctx.db, userId)),
  };
}

/** The patient hands the intake to the clinic: every section must be complete. */
export async function submitIntake(
  ctx: AppContext,
  actor: Actor,
  noInsurance: boolean,
): Promise<IntakeStatus> {
  const status = await intakeStatus(ctx, actor.patientId);
  if (status.review.stage === 'awaiting_review') {
    throw new ProtocolError(Codes.conflict, INTAKE_CONFLICTS.awaitingReview);
  }
  const missing = Object.entries(status.sections)
    .filter(([name, s]) => !s.complete && !(name === 'insurance' && noInsurance))
    .map(([name]) => ({ path: name, message: 'This section is not complete' }));
  if (missing.length > 0) {
    throw new ProtocolError(Codes.validation, 'The intake is not complete', missing);
  }
  await ctx.db.transaction(async (tx) => {
    await savePatientResource(ctx, tx, actor.patientId, SUBMISSION_KIND, { no_insurance: noInsurance });
    const handIn = await writeIntakeSnapshot(ctx, tx, actor.patientId, noInsurance);
    await recordAudit(tx, actor.meta, {
      action: 'intake.submit',
      outcome: 'success',
      actorId: actor.patientId,
    });
    await emitWebhookEvent(tx, ctx, 'intake.handed_in', {
      patient_id: actor.patientId,
      hand_in_id: handIn.id,
    });
  });
  return intakeStatus(ctx, actor.patientId);
}
