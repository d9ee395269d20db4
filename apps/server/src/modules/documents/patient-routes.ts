import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { documentsQuery, envelopeBody, idQuery, signRequest } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { listPatientDocuments } from './list-patient-documents.ts';
import { openSigningSession } from './open-signing-session.ts';
import { readPatientDocument } from './read-patient-document.ts';
import { actOnDocument } from './sign-document.ts';

const encrypted = { 200: envelopeBody };
const config = { roles: ['user' as const] };
const tags = ['documents'];

/** protocol.md §7: the patient's documents, one document with its PDF, and the signing flow. */
export async function patientDocumentRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/patient/documents/', {
    config,
    schema: {
      tags,
      summary: 'Page of my documents (and the reference documents) with counts per status; encrypted',
      querystring: documentsQuery,
      response: encrypted,
    },
    handler: async (request) =>
      request.sealed(await listPatientDocuments(ctx, request.signedIn().id, request.query, request.meta())),
  });

  r.get('/patient/document/', {
    config,
    schema: {
      tags,
      summary: 'One document with its PDF (the signed one once signed) as base64; encrypted',
      querystring: idQuery,
      response: encrypted,
    },
    handler: async (request) =>
      request.sealed(await readPatientDocument(ctx, request.signedIn().id, request.query.id, request.meta())),
  });

  r.get('/patient/sign/', {
    config,
    schema: {
      tags,
      summary: 'Signing session: the document, its fields and the consent text; encrypted',
      querystring: idQuery,
      response: encrypted,
    },
    handler: async (request) =>
      request.sealed(await openSigningSession(ctx, request.signedIn().id, request.query.id, request.meta())),
  });

  r.post('/patient/sign/', {
    // A drawn signature is at most 512 KB: base64 twice (image, then envelope) stays under 2 MB.
    bodyLimit: 2 * 1024 * 1024,
    config: { ...config, encryptedBody: true },
    schema: {
      tags,
      summary: 'Sign (or submit a draft) with consent, or decline with a reason; encrypted body and answer',
      body: signRequest,
      response: encrypted,
    },
    handler: async (request) =>
      request.sealed(await actOnDocument(ctx, request.signedIn().id, request.body, request.meta())),
  });
}
