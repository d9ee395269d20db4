import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { documentsQuery, envelopeBody, idQuery, signRequest } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { listPatientDocuments } from './list-patient-documents.ts';
import { openSigningSession } from './open-signing-session.ts';
import { readPatientDocument } from './read-patient-document.ts';
import { actOnDocument } from './sign-document.ts';

const encrypted = { 200: envelopeBody };
const viewDocuments = { roles: ['user' as const], caregiver: 'view_documents' as const };
/** Signing, submitting and declining alike: a caregiver needs `sign_documents` (decision 0023). */
const signDocuments = { roles: ['user' as const], caregiver: 'sign_documents' as const };
const tags = ['documents'];

/** protocol.md §7: the patient's documents, one document with its PDF, and the signing flow. */
export async function patientDocumentRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/patient/documents/', {
    config: viewDocuments,
    schema: {
      tags,
      summary: 'Page of my documents (and the reference documents) with counts per status; encrypted',
      querystring: documentsQuery,
      response: encrypted,
    },
    handler: async (request) =>
      request.sealed(await listPatientDocuments(ctx, request.patientId(), request.query, request.meta())),
  });

  r.get('/patient/document/', {
    config: viewDocuments,
    schema: {
      tags,
      summary: 'One document with its PDF (the signed one once signed) as base64; encrypted',
      querystring: idQuery,
      response: encrypted,
    },
    handler: async (request) =>
      request.sealed(await readPatientDocument(ctx, request.patientId(), request.query.id, request.meta())),
  });

  r.get('/patient/sign/', {
    config: signDocuments,
    schema: {
      tags,
      summary: 'Signing session: the document, its fields and the consent text; encrypted',
      querystring: idQuery,
      response: encrypted,
    },
    handler: async (request) =>
      request.sealed(await openSigningSession(ctx, request.patientId(), request.query.id, request.meta())),
  });

  r.post('/patient/sign/', {
    // A drawn signature is at most 512 KB: base64 twice (image, then envelope) stays under 2 MB.
    bodyLimit: 2 * 1024 * 1024,
    config: { ...signDocuments, encryptedBody: true },
    schema: {
      tags,
      summary: 'Sign (or submit a draft) with consent, or decline with a reason; encrypted body and answer',
      body: signRequest,
      response: encrypted,
    },
    handler: async (request) =>
      request.sealed(await actOnDocument(ctx, request.patientId(), request.body, request.meta())),
  });
}
