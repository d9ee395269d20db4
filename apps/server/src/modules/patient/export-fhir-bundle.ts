import type { Bundle, Patient, Reference } from '@medplum/fhirtypes';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { addAssessmentResources, type AddToBundle } from '../assessment/index.ts';
import { recordAudit } from '../audit/index.ts';
import { loadPatientRecord } from './load-patient-record.ts';
import { addRecordResources, BundleBuilder } from './record-to-fhir.ts';
import type { Actor } from '../../plugins/auth.ts';

/**
 * A module's part of the record export. Modules that build on this one (device orders) cannot be
 * loaded from here without an import cycle, so whoever composes the export passes theirs in.
 */
export type RecordSection = (
  ctx: AppContext,
  db: Queryable,
  patientId: string,
  subject: Reference<Patient>,
  add: AddToBundle,
) => Promise<void>;

/** The patient's whole record as a FHIR R4 collection Bundle (right of access, HIPAA §164.524). */
export async function exportFhirBundle(
  ctx: AppContext,
  actor: Actor,
  sections: readonly RecordSection[],
): Promise<Bundle> {
  const bundle = await patientFhirBundle(ctx, actor.patientId, sections);
  await recordAudit(ctx.db, actor.meta, {
    action: 'patient.export',
    outcome: 'success',
    actorId: actor.patientId,
    target: 'fhir',
    detail: { resources: bundle.entry?.length ?? 0 },
  });
  return bundle;
}

/**
 * A patient's record, assessments and `sections` as FHIR R4, for the patient's export and the
 * clinic's.
 */
export async function patientFhirBundle(
  ctx: AppContext,
  userId: string,
  sections: readonly RecordSection[],
): Promise<Bundle> {
  const b = new BundleBuilder();
  const patient = addRecordResources(b, await loadPatientRecord(ctx, userId));
  const add: AddToBundle = (resource) => b.add(resource);
  // BF-ADL: each submission as a QuestionnaireResponse with its Questionnaire.
  await addAssessmentResources(ctx, ctx.db, userId, patient, add);
  for (const addSection of sections) await addSection(ctx, ctx.db, userId, patient, add);
  return { resourceType: 'Bundle', type: 'collection', timestamp: ctx.now().toISOString(), entry: b.entries };
}
