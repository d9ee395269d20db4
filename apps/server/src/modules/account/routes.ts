import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountSessions,
  endedSessions,
  endSessionRequest,
  envelopeBody,
  mfaConfirmRequest,
  mfaDisableRequest,
  mfaStatus,
  plainSuccess,
  sessionStatus,
  staffNotifications,
} from '@portal/protocol';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ADMIN_ONLY } from '../../plugins/route-access.ts';
import { ok } from '../../lib/ok.ts';
import { endOtherSessions, endSession, listSessions } from './manage-sessions.ts';
import { extendSession, sessionStatusOf } from './session-status.ts';
import { setStaffNotifications, staffNotificationsOf } from './staff-notifications.ts';
import { confirmEnrolment, disableMfa, mfaStatusOf, startEnrolment } from './enrol-mfa.ts';

/**
 * protocol.md §10 "Account security": the signed-in user's own MFA and sessions, for every
 * role. All of them stay reachable while a token only allows setting up MFA.
 */
export async function accountRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];
  // Codes and passwords are guessable secrets: the same per-address limit as the login.
  const guarded = {
    duringMfaSetup: true,
    rateLimit: { max: ctx.config.RATE_LIMIT_AUTH_PER_MINUTE, timeWindow: 60_000 },
    rateLimitGroup: 'auth',
  };

  r.get('/account/mfa/', {
    config: { duringMfaSetup: true },
    schema: {
      tags,
      summary: 'Whether MFA is on, recovery codes left, whether it is required',
      response: { 200: plainSuccess(mfaStatus) },
    },
    handler: async (request) => ok(await mfaStatusOf(ctx, request.signedIn().id)),
  });

  r.post('/account/mfa/start/', {
    config: { duringMfaSetup: true },
    schema: {
      tags,
      summary: 'Begin TOTP enrolment: the secret, its otpauth URI and QR code (sealed)',
      response: { 200: envelopeBody },
    },
    handler: async (request) =>
      request.sealed(await startEnrolment(ctx, request.signedIn().id, request.meta())),
  });

  r.post('/account/mfa/confirm/', {
    config: { ...guarded, encryptedBody: true },
    schema: {
      tags,
      summary: 'Activate MFA with a code from the authenticator; answers the recovery codes once (sealed)',
      body: mfaConfirmRequest,
      response: { 200: envelopeBody },
    },
    handler: async (request) =>
      request.sealed(await confirmEnrolment(ctx, request.signedIn().id, request.body.code, request.meta())),
  });

  r.post('/account/mfa/disable/', {
    config: { ...guarded, encryptedBody: true },
    schema: {
      tags,
      summary: 'Turn MFA off; needs the password or a current code',
      body: mfaDisableRequest,
      response: { 200: plainSuccess(z.object({})) },
    },
    handler: async (request) => {
      await disableMfa(ctx, request.signedIn().id, request.body, request.meta());
      return ok({});
    },
  });

  r.get('/account/sessions/', {
    config: { duringMfaSetup: true },
    schema: {
      tags,
      summary: 'The live sessions of the signed-in user',
      response: { 200: plainSuccess(accountSessions) },
    },
    handler: async (request) => ok(await listSessions(ctx, request.signedIn())),
  });

  r.post('/account/sessions/end/', {
    config: { duringMfaSetup: true },
    schema: {
      tags,
      summary: 'Sign out one of your sessions; another user’s id answers 10404',
      body: endSessionRequest,
      response: { 200: plainSuccess(z.object({})) },
    },
    handler: async (request) => {
      await endSession(ctx, request.signedIn(), request.body.id, request.meta());
      return ok({});
    },
  });

  r.post('/account/sessions/end-others/', {
    config: { duringMfaSetup: true },
    schema: {
      tags,
      summary: 'Sign out every session but this one',
      response: { 200: plainSuccess(endedSessions) },
    },
    handler: async (request) => ok(await endOtherSessions(ctx, request.signedIn(), request.meta())),
  });

  // Decision 0010: the web's idle warning. Reading the status is passive (the web asks on its
  // own, so it must not keep an idle session alive); extending it is the user's own choice.
  r.get('/account/session/', {
    config: { duringMfaSetup: true, passive: true },
    schema: {
      tags,
      summary: 'This session’s idle and lifetime limits and the time it has left; not a use',
      response: { 200: plainSuccess(sessionStatus) },
    },
    handler: async (request) => ok(sessionStatusOf(ctx, request.signedIn().sessionTimes)),
  });

  r.post('/account/session/extend/', {
    config: { duringMfaSetup: true },
    schema: {
      tags,
      summary: '“Stay signed in”: counts as use now, so the idle time starts again',
      response: { 200: plainSuccess(sessionStatus) },
    },
    handler: async (request) => ok(await extendSession(ctx, request.signedIn())),
  });

  // Staff who manage documents choose whether a decline also reaches them by e-mail.
  const staffOnly = { ...ADMIN_ONLY, permission: 'manage_documents' as const };
  r.get('/account/notifications/', {
    config: staffOnly,
    schema: {
      tags,
      summary: 'The e-mails this staff member wants (manage_documents)',
      response: { 200: plainSuccess(staffNotifications) },
    },
    handler: async (request) => ok(await staffNotificationsOf(ctx, request.signedIn().id)),
  });
  r.post('/account/notifications/', {
    config: staffOnly,
    schema: {
      tags,
      summary: 'Choose the e-mails this staff member wants (manage_documents); audited',
      body: staffNotifications,
      response: { 200: plainSuccess(staffNotifications) },
    },
    handler: async (request) =>
      ok(await setStaffNotifications(ctx, request.signedIn().id, request.body, request.meta())),
  });
}
