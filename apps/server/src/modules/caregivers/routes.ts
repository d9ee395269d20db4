import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  chartPatientParams,
  envelopeBody,
  grantIdRequest,
  invitationRequest,
  invitationResponse,
  inviteCaregiverRequest,
  recordGrantRequest,
  REPRESENTATIVE_SIGNING_PERMISSION,
  representativeSigningRequest,
} from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { ADMIN_ONLY, SEALED } from '../../plugins/route-access.ts';
import { inviteCaregiver } from './invite-caregiver.ts';
import { readAuthorityPdf } from './read-authority-pdf.ts';
import { readCaregiverActivity } from './read-caregiver-activity.ts';
import { readCaregivers } from './read-caregivers.ts';
import { readChartCaregivers } from './read-chart-caregivers.ts';
import { readInvitation } from './read-invitation.ts';
import { recordGrant } from './record-grant.ts';
import { respondToInvitation } from './respond-to-invitation.ts';
import { revokeChartGrant } from './revoke-chart-grant.ts';
import { revokeGrant } from './revoke-grant.ts';
import { setRepresentativeSigning } from './set-representative-signing.ts';

const sealed = { 200: envelopeBody };
/**
 * The account's own grants, given and held: the signed-in user's, never the patient a caregiver
 * acts for (no `config.caregiver`: the acting-for header answers 10403).
 */
const OWN = { roles: ['user' as const] };
const OWN_SEALED = { ...OWN, encryptedBody: true };
const CHART_READERS = ['read_chart', 'manage_users'] as const;
// A 5 MB PDF travels as base64 inside a sealed base64 envelope: about 9 MB on the wire.
const AUTHORITY_BODY_LIMIT = 10 * 1024 * 1024;

/** Decision 0023: caregivers' grants, from the patient's account page and the clinic's chart. */
export async function caregiverRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['caregivers'];
  const adminTags = ['clinic: caregivers'];

  r.get('/account/caregivers/', {
    config: OWN,
    schema: {
      tags,
      summary: 'Grants I gave, live grants I hold, and whether the clinic lets my caregivers sign (sealed)',
      response: sealed,
    },
    handler: async (request) => request.sealed(await readCaregivers(ctx, request.actor())),
  });
  r.post('/account/caregivers/invite/', {
    // Only a patient has a record to open to a caregiver (decision 0032).
    config: { ...OWN_SEALED, patientRecord: true },
    schema: {
      tags,
      summary: 'Invite a caregiver by e-mail with scopes and an end date; answers the grant (sealed)',
      body: inviteCaregiverRequest,
      response: sealed,
    },
    handler: async (request) => request.sealed(await inviteCaregiver(ctx, request.actor(), request.body)),
  });
  r.post('/account/caregivers/revoke/', {
    config: OWN_SEALED,
    schema: {
      tags,
      summary: 'End one of my grants at once; the caregiver is told to refresh (sealed)',
      body: grantIdRequest,
      response: sealed,
    },
    handler: async (request) => request.sealed(await revokeGrant(ctx, request.actor(), request.body.id)),
  });
  r.post('/account/caregivers/invitation/', {
    config: OWN_SEALED,
    schema: {
      tags,
      summary: "What an invitation's link offers, for the invited account only (sealed)",
      body: invitationRequest,
      response: sealed,
    },
    handler: async (request) =>
      request.sealed(await readInvitation(ctx, request.actor(), request.body.token)),
  });
  r.post('/account/caregivers/respond/', {
    config: OWN_SEALED,
    schema: {
      tags,
      summary: 'Accept or decline an invitation sent to my address; answers my grants (sealed)',
      body: invitationResponse,
      response: sealed,
    },
    handler: async (request) => request.sealed(await respondToInvitation(ctx, request.actor(), request.body)),
  });
  r.get('/account/caregivers/activity/', {
    config: OWN,
    schema: {
      tags,
      summary: 'What caregivers did on my record, newest first (sealed)',
      response: sealed,
    },
    handler: async (request) => request.sealed(await readCaregiverActivity(ctx, request.actor())),
  });

  r.get('/admin/patients/:id/caregivers/', {
    config: { ...ADMIN_ONLY, permission: CHART_READERS },
    schema: {
      tags: adminTags,
      summary: "The patient's grants and whether representative signing is allowed; audited (sealed)",
      params: chartPatientParams,
      response: sealed,
    },
    handler: async (request) =>
      request.sealed(await readChartCaregivers(ctx, request.actor(), request.params.id)),
  });
  r.post('/admin/patients/:id/caregivers/', {
    config: { ...SEALED, permission: 'manage_users' },
    bodyLimit: AUTHORITY_BODY_LIMIT,
    schema: {
      tags: adminTags,
      summary: 'Record a grant with the PDF that gives the authority; the caregiver is invited (sealed)',
      params: chartPatientParams,
      body: recordGrantRequest,
      response: sealed,
    },
    handler: async (request) =>
      request.sealed(await recordGrant(ctx, request.actor(), request.params.id, request.body)),
  });
  r.post('/admin/patients/:id/caregivers/revoke/', {
    config: { ...SEALED, permission: 'manage_users' },
    schema: {
      tags: adminTags,
      summary: 'End a grant of this patient at once (sealed)',
      params: chartPatientParams,
      body: grantIdRequest,
      response: sealed,
    },
    handler: async (request) =>
      request.sealed(await revokeChartGrant(ctx, request.actor(), request.params.id, request.body.id)),
  });
  r.get('/admin/patients/:id/caregivers/authority/', {
    config: { ...ADMIN_ONLY, permission: CHART_READERS },
    schema: {
      tags: adminTags,
      summary: 'The PDF that gives a clinic-recorded grant its authority; audited (sealed)',
      params: chartPatientParams,
      querystring: grantIdRequest,
      response: sealed,
    },
    handler: async (request) =>
      request.sealed(await readAuthorityPdf(ctx, request.actor(), request.params.id, request.query.id)),
  });
  // A clinical decision (who may consent for the patient), not an account one: the permission
  // that grants sign_documents (SCOPE_PERMISSIONS), so front desk cannot switch it.
  r.post('/admin/patients/:id/representative_signing/', {
    config: { ...SEALED, permission: REPRESENTATIVE_SIGNING_PERMISSION },
    schema: {
      tags: adminTags,
      summary: "Allow or stop this patient's caregivers signing as authorised representative (sealed)",
      params: chartPatientParams,
      body: representativeSigningRequest,
      response: sealed,
    },
    handler: async (request) =>
      request.sealed(
        await setRepresentativeSigning(ctx, request.actor(), request.params.id, request.body.allowed),
      ),
  });
}
