import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cardQuery,
  cardUploadRequest,
  coverageDeleteRequest,
  coverageSaveRequest,
  envelopeBody,
  INTAKE_RESOURCES,
  INTAKE_RESOURCE_NAMES,
  intakeSubmitRequest,
  resourceSaveRequest,
} from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { deleteCoverage, readCard, readCoverages, saveCoverage, uploadCard } from './manage-coverages.ts';
import { intakeStatus, readResource, saveResource, submitIntake } from './fill-intake.ts';
import { exportFhirBundle, type RecordSection } from './export-fhir-bundle.ts';
import { readReviewNote } from './intake-reviews.ts';

const sealed = { 200: envelopeBody };
// Patient routes: the patient's own records, or those of a patient a caregiver acts for with the
// route's scope (decision 0023); an admin token answers 10403.
const viewIntake = { roles: ['user' as const], caregiver: 'view_intake' as const };
const fillIntake = { roles: ['user' as const], encryptedBody: true, caregiver: 'fill_intake' as const };
/**
 * The patient's own right of access (HIPAA §164.524): the whole record, assessments included, so
 * no single scope covers it and decision 0023 opens it to no caregiver (the header answers 10403).
 */
const ownRecordOnly = { roles: ['user' as const], patientRecord: true };
// A 5 MB card travels as base64 inside a sealed base64 envelope: about 9 MB on the wire.
const CARD_BODY_LIMIT = 10 * 1024 * 1024;

/**
 * spec §7, protocol.md §7: the intake resources, insurance, cards, status and FHIR export, whose
 * `recordSections` the app passes in (export-fhir-bundle.ts).
 */
export async function patientRoutes(
  app: FastifyInstance,
  { ctx, recordSections }: { ctx: AppContext; recordSections: readonly RecordSection[] },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['patient'];

  for (const name of INTAKE_RESOURCE_NAMES) {
    r.get(`/patient/${name}/`, {
      config: viewIntake,
      schema: {
        tags,
        summary: `The patient's ${name} with its version and draft (sealed)`,
        response: sealed,
      },
      handler: async (request) => request.sealed(await readResource(ctx, request.actor(), name)),
    });
    r.post(`/patient/${name}/`, {
      config: fillIntake,
      schema: {
        tags,
        summary: `Save the ${name} (sealed body; draft: true keeps a partial draft)`,
        body: resourceSaveRequest(INTAKE_RESOURCES[name]),
        response: sealed,
      },
      handler: async (request) =>
        request.sealed(await saveResource(ctx, request.actor(), name, request.body)),
    });
  }

  r.get('/patient/insurance/', {
    config: viewIntake,
    schema: { tags, summary: 'Every coverage of the patient (sealed)', response: sealed },
    handler: async (request) => request.sealed(await readCoverages(ctx, request.actor())),
  });
  r.post('/patient/insurance/', {
    config: fillIntake,
    schema: {
      tags,
      summary: 'Save one coverage, keyed by insurance_type (sealed)',
      body: coverageSaveRequest,
      response: sealed,
    },
    handler: async (request) => request.sealed(await saveCoverage(ctx, request.actor(), request.body)),
  });
  r.post('/patient/insurance/delete/', {
    config: fillIntake,
    schema: {
      tags,
      summary: 'Remove the coverage of an insurance_type with its card images (sealed)',
      body: coverageDeleteRequest,
      response: sealed,
    },
    handler: async (request) =>
      request.sealed(await deleteCoverage(ctx, request.actor(), request.body.insurance_type)),
  });
  r.post('/patient/insurance/card/', {
    config: fillIntake,
    bodyLimit: CARD_BODY_LIMIT,
    schema: {
      tags,
      summary: 'Upload the front or back of an insurance card: PNG, JPEG or PDF up to 5 MB (sealed)',
      body: cardUploadRequest,
      response: sealed,
    },
    handler: async (request) => request.sealed(await uploadCard(ctx, request.actor(), request.body)),
  });
  r.get('/patient/insurance/card/', {
    config: viewIntake,
    schema: { tags, summary: 'One card image as base64 (sealed)', querystring: cardQuery, response: sealed },
    handler: async (request) => request.sealed(await readCard(ctx, request.actor(), request.query)),
  });

  r.get('/patient/intake/', {
    config: viewIntake,
    schema: {
      tags,
      summary: 'Which intake sections are complete, and when the intake was submitted (sealed)',
      response: sealed,
    },
    handler: async (request) => request.sealed(await intakeStatus(ctx, request.patientId())),
  });
  r.get('/patient/intake/review/', {
    config: viewIntake,
    schema: {
      tags,
      summary: "The clinic's request for changes the patient is answering, with its note, or null (sealed)",
      response: sealed,
    },
    handler: async (request) => request.sealed(await readReviewNote(ctx, request.actor())),
  });
  r.post('/patient/intake/submit/', {
    config: fillIntake,
    schema: {
      tags,
      summary: 'Hand the completed intake to the clinic (sealed)',
      body: intakeSubmitRequest,
      response: sealed,
    },
    handler: async (request) =>
      request.sealed(await submitIntake(ctx, request.actor(), request.body.no_insurance)),
  });

  r.get('/patient/export/fhir/', {
    config: ownRecordOnly,
    schema: { tags, summary: "The patient's record as a FHIR R4 Bundle (sealed)", response: sealed },
    handler: async (request) => request.sealed(await exportFhirBundle(ctx, request.actor(), recordSections)),
  });
}
