import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  assignDocumentRequest,
  clinicActionRequest,
  documentTemplate,
  envelopeBody,
  idQuery,
  MAX_DOCUMENT_BYTES,
  patientIdQuery,
  plainSuccess,
  resendRequest,
  templateFieldsRequest,
  templateList,
  templateUploadRequest,
} from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { ADMIN_ONLY } from '../../plugins/route-access.ts';
import { ok } from '../../lib/ok.ts';
import { assignDocuments } from './assign-documents.ts';
import { applyClinicAction } from './apply-clinic-action.ts';
import { downloadSignedPdf } from './download-signed-pdf.ts';
import { listPatientAssignments, readAssignment } from './read-clinic-assignments.ts';
import { resendDocument } from './resend-document.ts';
import { listTemplates } from './list-templates.ts';
import { setTemplateFields } from './set-template-fields.ts';
import { uploadTemplate } from './upload-template.ts';

const encrypted = { 200: envelopeBody };
const config = { ...ADMIN_ONLY, permission: 'manage_documents' as const };
const tags = ['admin: documents'];
const PREFIX = '/admin/documents';

/**
 * The PDF travels base64 inside JSON that is sealed and base64-encoded again (4/3 × 4/3), plus
 * the envelope: room for a file at the cap, so the service (not the parser) answers 10413 for it.
 */
export const UPLOAD_BODY_LIMIT = Math.ceil(MAX_DOCUMENT_BYTES * (16 / 9)) + 64 * 1024;

/** The clinic's side: templates, fields, assignments, moves and signed PDFs (admin screens come later). */
export async function adminDocumentRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(`${PREFIX}/templates/`, {
    bodyLimit: UPLOAD_BODY_LIMIT,
    config: { ...config, encryptedBody: true },
    schema: {
      tags,
      summary: `Upload a PDF template (reference or for signature); at most ${MAX_DOCUMENT_BYTES} bytes, judged by content`,
      body: templateUploadRequest,
      response: { 200: plainSuccess(documentTemplate) },
    },
    handler: async (request) =>
      ok(await uploadTemplate(ctx, request.signedIn().id, request.body, request.meta())),
  });

  r.get(`${PREFIX}/templates/`, {
    config,
    schema: { tags, summary: 'Every template', response: { 200: plainSuccess(templateList) } },
    handler: async () => ok({ items: await listTemplates(ctx) }),
  });

  r.post(`${PREFIX}/templates/fields/`, {
    config,
    schema: {
      tags,
      summary: 'Place signature, date and initials fields (PDF points from the bottom-left, pages from 1)',
      body: templateFieldsRequest,
      response: { 200: plainSuccess(documentTemplate) },
    },
    handler: async (request) =>
      ok(
        await setTemplateFields(
          ctx,
          request.signedIn().id,
          request.body.id,
          request.body.fields,
          request.meta(),
        ),
      ),
  });

  r.post(`${PREFIX}/assignments/`, {
    config: { ...config, encryptedBody: true },
    schema: {
      tags,
      summary: 'Assign a signature template to patients with a due date; each is e-mailed; encrypted',
      body: assignDocumentRequest,
      response: encrypted,
    },
    handler: async (request) =>
      request.sealed({
        items: await assignDocuments(ctx, request.signedIn().id, request.body, request.meta()),
      }),
  });

  r.get(`${PREFIX}/assignments/`, {
    config,
    schema: {
      tags,
      summary: "A patient's documents with their history; encrypted",
      querystring: patientIdQuery,
      response: encrypted,
    },
    handler: async (request) =>
      request.sealed({
        items: await listPatientAssignments(
          ctx,
          request.signedIn().id,
          request.query.patient_id,
          request.meta(),
        ),
      }),
  });

  r.get(`${PREFIX}/assignment/`, {
    config,
    schema: {
      tags,
      summary: 'One assignment with its history; encrypted',
      querystring: idQuery,
      response: encrypted,
    },
    handler: async (request) =>
      request.sealed(await readAssignment(ctx, request.signedIn().id, request.query.id, request.meta())),
  });

  r.post(`${PREFIX}/assignment/action/`, {
    config: { ...config, encryptedBody: true },
    schema: {
      tags,
      summary: 'send, accept (submitted → completed), countersign (signed → completed) or cancel; encrypted',
      body: clinicActionRequest,
      response: encrypted,
    },
    handler: async (request) =>
      request.sealed(await applyClinicAction(ctx, request.signedIn().id, request.body, request.meta())),
  });

  r.post(`${PREFIX}/assignment/resend/`, {
    config: { ...config, encryptedBody: true, permission: 'manage_documents' as const },
    schema: {
      tags,
      summary:
        'Re-send a declined or expired document: a new assignment linked to it, sent at once (10409 once re-sent or while open); encrypted',
      body: resendRequest,
      response: encrypted,
    },
    handler: async (request) =>
      request.sealed(await resendDocument(ctx, request.signedIn().id, request.body, request.meta())),
  });

  r.get(`${PREFIX}/assignment/pdf/`, {
    config,
    schema: {
      tags,
      summary: 'Download the signed PDF (10404 until signed); audited; encrypted',
      querystring: idQuery,
      response: encrypted,
    },
    handler: async (request) =>
      request.sealed(await downloadSignedPdf(ctx, request.signedIn().id, request.query.id, request.meta())),
  });
}
