import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelopeBody,
  idQuery,
  plainSuccess,
  templateCreateRequest,
  templateDetail,
  templateEditionFieldsRequest,
  templateEditionQuery,
  templateEditionRequest,
  templateLibrary,
  templateLibraryQuery,
  templatePublishRequest,
  templateRetireRequest,
} from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { ADMIN_ONLY } from '../../plugins/route-access.ts';
import { ok } from '../../lib/ok.ts';
import { UPLOAD_BODY_LIMIT } from './admin-routes.ts';
import { createTemplate } from './create-template.ts';
import { listLibrary } from './list-library.ts';
import { publishTemplate } from './publish-template.ts';
import { putEdition } from './put-edition.ts';
import { readEditionPdf } from './read-edition-pdf.ts';
import { readTemplateDetail } from './read-template-detail.ts';
import { retireTemplate } from './retire-template.ts';
import { setEditionFields } from './set-edition-fields.ts';

const config = { ...ADMIN_ONLY, permission: 'manage_documents' as const };
const tags = ['admin: documents library'];
const PREFIX = '/admin/documents/library';
const detail = { 200: plainSuccess(templateDetail) };

/** The documents and forms library: templates, their versions and language editions. */
export async function libraryRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(`${PREFIX}/`, {
    config,
    schema: {
      tags,
      summary: 'Templates with status, languages and use; q searches titles of both languages',
      querystring: templateLibraryQuery,
      response: { 200: plainSuccess(templateLibrary) },
    },
    handler: async (request) => ok(await listLibrary(ctx, request.query)),
  });

  r.get(`${PREFIX}/template/`, {
    config,
    schema: {
      tags,
      summary: 'One template with its versions and editions',
      querystring: idQuery,
      response: detail,
    },
    handler: async (request) => ok(await readTemplateDetail(ctx, request.query.id)),
  });

  r.post(`${PREFIX}/template/`, {
    bodyLimit: 2 * UPLOAD_BODY_LIMIT,
    config: { ...config, encryptedBody: true },
    schema: {
      tags,
      summary: 'Create a template: version 1 as a draft, gb edition required, cn optional (sealed body)',
      body: templateCreateRequest,
      response: detail,
    },
    handler: async (request) =>
      ok(await createTemplate(ctx, request.signedIn().id, request.body, request.meta())),
  });

  r.post(`${PREFIX}/edition/`, {
    bodyLimit: UPLOAD_BODY_LIMIT,
    config: { ...config, encryptedBody: true },
    schema: {
      tags,
      summary:
        'Add or replace an edition of the draft (made from the published version if none); sealed body',
      body: templateEditionRequest,
      response: detail,
    },
    handler: async (request) =>
      ok(await putEdition(ctx, request.signedIn().id, request.body, request.meta())),
  });

  r.post(`${PREFIX}/fields/`, {
    config,
    schema: {
      tags,
      summary: "Set an edition's fields in the draft (PDF points from the bottom-left, pages from 1)",
      body: templateEditionFieldsRequest,
      response: detail,
    },
    handler: async (request) =>
      ok(await setEditionFields(ctx, request.signedIn().id, request.body, request.meta())),
  });

  r.post(`${PREFIX}/publish/`, {
    config,
    schema: {
      tags,
      summary:
        'Publish the draft (10400 without a gb edition or, for signature, a signature field per edition)',
      body: templatePublishRequest,
      response: detail,
    },
    handler: async (request) =>
      ok(await publishTemplate(ctx, request.signedIn().id, request.body, request.meta())),
  });

  r.post(`${PREFIX}/retire/`, {
    config,
    schema: {
      tags,
      summary: 'Retire: no longer sent or edited; history stays',
      body: templateRetireRequest,
      response: detail,
    },
    handler: async (request) =>
      ok(await retireTemplate(ctx, request.signedIn().id, request.body.id, request.meta())),
  });

  r.get(`${PREFIX}/pdf/`, {
    config,
    schema: {
      tags,
      summary: "An edition's PDF for the editor and preview; encrypted",
      querystring: templateEditionQuery,
      response: { 200: envelopeBody },
    },
    handler: async (request) => request.sealed(await readEditionPdf(ctx, request.query)),
  });
}
