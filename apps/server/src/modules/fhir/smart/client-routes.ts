import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeBody, fhirClientIdRequest, fhirClientRegistration } from '@portal/protocol';
import type { AppContext } from '../../../context.ts';
import { ADMIN_ONLY, SEALED } from '../../../plugins/route-access.ts';
import { listFhirClients } from './list-fhir-clients.ts';
import { registerFhirClient } from './register-fhir-client.ts';
import { revokeFhirClient } from './revoke-fhir-client.ts';

const tags = ['admin: API clients'];
const sealed = { 200: envelopeBody };

/** The settings page's API clients (decision 0037): systems that read through the FHIR API. */
export async function fhirClientRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/admin/fhir-clients/', {
    config: { ...ADMIN_ONLY, permission: 'manage_settings' },
    schema: {
      tags,
      summary:
        'Every SMART Backend Services client, newest first, and the scopes one may be given (sealed: FhirClientList)',
      response: sealed,
    },
    handler: async (request) => request.sealed(await listFhirClients(ctx)),
  });

  r.post('/admin/fhir-clients/', {
    config: { ...SEALED, permission: 'manage_settings' },
    schema: {
      tags,
      summary:
        'Register a client: its name, the JWK Set of its public keys (RS384 2048+ bits or ES384, each with a kid) and its read scopes; audited (sealed: FhirClientView)',
      body: fhirClientRegistration,
      response: sealed,
    },
    handler: async (request) => {
      const { userId, meta } = request.actor();
      return request.sealed(await registerFhirClient(ctx, { userId, meta }, request.body));
    },
  });

  r.post('/admin/fhir-clients/revoke/', {
    config: { ...SEALED, permission: 'manage_settings' },
    schema: {
      tags,
      summary:
        'Revoke a client: its tokens stop at once and it gets no new ones; audited (sealed: FhirClientView)',
      body: fhirClientIdRequest,
      response: sealed,
    },
    handler: async (request) => {
      const { userId, meta } = request.actor();
      return request.sealed(await revokeFhirClient(ctx, { userId, meta }, request.body.id));
    },
  });
}
