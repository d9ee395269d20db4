import type { Bundle, Patient, Reference, Resource } from '@medplum/fhirtypes';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { addAssessmentResources, type AddToBundle } from '../assessment/index.ts';
import { recordAudit } from '../audit/index.ts';
import { loadPatientRecord } from './load-patient-record.ts';
import { addRecordResources, ResourceList } from './record-to-fhir.ts';
import { fhirBase } from '../../lib/fhir-base.ts';
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
 * clinic's: each entry's `fullUrl` is its address in the FHIR API (decision 0036).
 */
export async function patientFhirBundle(
  ctx: AppContext,
  userId: string,
  sections: readonly RecordSection[],
): Promise<Bundle> {
  const base = fhirBase(ctx);
  const resources = await patientRecordResources(ctx, ctx.db, userId, sections);
  return {
    resourceType: 'Bundle',
    type: 'collection',
    timestamp: ctx.now().toISOString(),
    entry: resources.map((resource) => ({
      fullUrl: `${base}/${resource.resourceType}/${resource.id}`,
      resource,
    })),
  };
}

/** The one mapping of a patient's data to FHIR: the exports and the FHIR API both read it. */
export async function patientRecordResources(
  ctx: AppContext,
  db: Queryable,
  userId: string,
  sections: readonly RecordSection[],
): Promise<Resource[]> {
  const b = new ResourceList();
  const patient = addRecordResources(
    b,
    await loadPatientRecord(ctx, userId, db),
    userId,
    ctx.config.publicUrl,
  );
  const add: AddToBundle = (resource) => b.add(resource);
  // BF-ADL: each submission as a QuestionnaireResponse with its Questionnaire.
  await addAssessmentResources(ctx, db, userId, patient, add);
  for (const addSection of sections) await addSection(ctx, db, userId, patient, add);
  return b.resources;
}

/** The record's Patient alone (the mapping's first resource), for reads and lists of patients. */
export async function patientResourceOf(ctx: AppContext, db: Queryable, userId: string): Promise<Resource> {
  const b = new ResourceList();
  addRecordResources(b, await loadPatientRecord(ctx, userId, db), userId, ctx.config.publicUrl);
  return b.resources[0]!;
}
