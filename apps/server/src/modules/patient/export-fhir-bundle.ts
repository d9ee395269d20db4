import type { Bundle } from '@medplum/fhirtypes';
import type { AppContext } from '../../context.ts';
import { addAssessmentResources } from '../assessment/index.ts';
import { recordAudit } from '../audit/index.ts';
import { loadPatientRecord } from './load-patient-record.ts';
import { addRecordResources, BundleBuilder } from './record-to-fhir.ts';
import type { Actor } from '../../plugins/auth.ts';

/** The patient's whole record as a FHIR R4 collection Bundle (right of access, HIPAA §164.524). */
export async function exportFhirBundle(ctx: AppContext, actor: Actor): Promise<Bundle> {
  const bundle = await patientFhirBundle(ctx, actor.patientId);
  await recordAudit(ctx.db, actor.meta, {
    action: 'patient.export',
    outcome: 'success',
    actorId: actor.patientId,
    target: 'fhir',
    detail: { resources: bundle.entry?.length ?? 0 },
  });
  return bundle;
}

/** A patient's record and assessments as FHIR R4, for the patient's export and the clinic's. */
export async function patientFhirBundle(ctx: AppContext, userId: string): Promise<Bundle> {
  const b = new BundleBuilder();
  const patient = addRecordResources(b, await loadPatientRecord(ctx, userId));
  // BF-ADL: each submission as a QuestionnaireResponse with its Questionnaire.
  await addAssessmentResources(ctx, ctx.db, userId, patient, (resource) => b.add(resource));
  return { resourceType: 'Bundle', type: 'collection', timestamp: ctx.now().toISOString(), entry: b.entries };
}
