import type { Patient, Reference, Resource } from '@medplum/fhirtypes';
import { CURRENT_INSTRUMENTS, instrumentVersion } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { listSubmissions } from './assessment-queries.ts';
import { questionnaireOf, questionnaireResponseOf, scoreObservationOf } from './fhir.ts';

/** Puts a resource into the bundle being built and answers a reference to it. */
export type AddToBundle = <T extends Resource>(resource: T & { id: string }) => Reference<T>;

/** Questionnaires are canonical resources named under the portal's public address. */
export const fhirCanonicalBase = (ctx: Pick<AppContext, 'config'>) => `${ctx.config.publicUrl}/fhir`;

/**
 * The patient's assessments for the FHIR record export: every instrument version answered,
 * as a Questionnaire, and every submission as a QuestionnaireResponse with its score
 * Observation. The caller audits the export as a whole.
 */
export async function addAssessmentResources(
  ctx: AppContext,
  db: Queryable,
  userId: string,
  subject: Reference<Patient>,
  add: AddToBundle,
): Promise<void> {
  const base = fhirCanonicalBase(ctx);
  for (const instrument of CURRENT_INSTRUMENTS) {
    const submissions = await listSubmissions(ctx, db, userId, instrument.id);
    const versionsAdded = new Set<number>();
    for (const submission of submissions) {
      const definition = instrumentVersion(submission.instrument, submission.version);
      if (!definition) throw new Error(`No definition for ${submission.instrument} v${submission.version}`);
      if (!versionsAdded.has(definition.version)) {
        add(questionnaireOf(definition, base));
        versionsAdded.add(definition.version);
      }
      const response = add(questionnaireResponseOf(definition, submission, subject, base));
      const observation = scoreObservationOf(definition, submission, subject, response);
      if (observation) add(observation);
    }
  }
}
