import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelopeBody,
  handshakeData,
  handshakeRequest,
  loginRequest,
  mfaRequest,
  passwordResetConfirmRequest,
  passwordResetRequest,
  plainSuccess,
  refreshRequest,
  signupRequest,
  verifyEmailRequest,
} from '@portal/protocol';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/ok.ts';
import { recordAudit } from '../audit/index.ts';
import { createHandshake, revokeHandshake } from './handshake-queries.ts';
import { login } from './log-in.ts';
import { completeMfaLogin } from './mfa-challenge.ts';
import { confirmPasswordReset, requestPasswordReset } from './reset-password.ts';
import { rotateRefreshToken } from './rotate-refresh-token.ts';
import { revokeSession } from './session-queries.ts';
import { signup, verifyEmail } from './sign-up.ts';
import { tokenResponse } from './token-response.ts';

const empty = plainSuccess(z.object({}));
const encrypted = { 200: envelopeBody };

/** protocol.md §5/§7: handshake, tokens, signup, verification and password reset. */
export async function authRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { RATE_LIMIT_AUTH_PER_MINUTE, RATE_LIMIT_HANDSHAKE_PER_MINUTE } = ctx.config;
  const authLimit = {
    rateLimit: { max: RATE_LIMIT_AUTH_PER_MINUTE, timeWindow: 60_000 },
    rateLimitGroup: 'auth',
  };
  const tags = ['auth'];

  r.post('/token/handshake_any/', {
    config: {
      public: true,
      rateLimit: { max: RATE_LIMIT_HANDSHAKE_PER_MINUTE, timeWindow: 60_000 },
      rateLimitGroup: 'handshake',
    },
    schema: {
      tags,
      summary: 'Exchange P-256 public keys; answers the server key and a uid',
      body: handshakeRequest,
      response: { 200: plainSuccess(handshakeData) },
    },
    handler: async (request) => ok(await createHandshake(ctx, request.body.key)),
  });

  r.post('/token/', {
    config: { public: true, secretField: 'password', ...authLimit },
    schema: {
      tags,
      summary: 'Sign in; password sealed under the salt header; answers tokens or an MFA challenge',
      body: loginRequest,
      response: encrypted,
    },
    handler: async (request) => {
      const uid = request.headers.uid as string;
      return request.sealed(
        await login(ctx, {
          email: request.body.email,
          password: request.body.password,
          uid,
          meta: request.meta(),
        }),
      );
    },
  });

  r.post('/token/mfa/', {
    config: { public: true, ...authLimit },
    schema: {
      tags,
      summary: 'Second login step: a TOTP or recovery code for the mfa_token /token/ answered',
      body: mfaRequest,
      response: encrypted,
    },
    handler: async (request) => {
      const uid = request.headers.uid as string;
      await request.sharedSecret();
      return request.sealed(
        await completeMfaLogin(ctx, {
          mfaToken: request.body.mfa_token,
          code: request.body.code,
          uid,
          meta: request.meta(),
        }),
      );
    },
  });

  r.post('/token/refresh/', {
    config: {
      public: true,
      rateLimit: { max: RATE_LIMIT_AUTH_PER_MINUTE * 4, timeWindow: 60_000 },
      rateLimitGroup: 'refresh',
    },
    schema: {
      tags,
      summary: 'Rotate the refresh token; reuse revokes the session',
      body: refreshRequest,
      response: encrypted,
    },
    handler: async (request) => {
      const uid = request.headers.uid as string;
      await request.sharedSecret();
      const rotated = await rotateRefreshToken(ctx, request.body.refresh, uid).catch(
        async (error: unknown) => {
          await recordAudit(ctx.db, request.meta(), { action: 'token.refresh', outcome: 'failure' });
          throw error;
        },
      );
      return request.sealed(await tokenResponse(ctx, { ...rotated, uid }));
    },
  });

  r.post('/token/logout/', {
    schema: { tags, summary: 'End the session and the handshake', response: { 200: empty } },
    handler: async (request) => {
      const user = request.signedIn();
      await revokeSession(ctx, ctx.db, user.sessionId, 'logout');
      await revokeHandshake(ctx, user.uid);
      await recordAudit(ctx.db, request.meta(), { action: 'logout', outcome: 'success', actorId: user.id });
      return ok({});
    },
  });

  r.post('/token/signup/', {
    config: { public: true, secretField: 'password', ...authLimit },
    schema: {
      tags,
      summary: 'Create a patient account; a verification e-mail follows',
      body: signupRequest,
      response: { 200: empty },
    },
    handler: async (request) => {
      await signup(ctx, request.body, request.meta());
      return ok({});
    },
  });

  r.post('/token/verify-email/', {
    config: { public: true, ...authLimit },
    schema: {
      tags,
      summary: 'Confirm an e-mail address from its link',
      body: verifyEmailRequest,
      response: { 200: empty },
    },
    handler: async (request) => {
      await verifyEmail(ctx, request.body.token, request.meta());
      return ok({});
    },
  });

  r.post('/token/password/reset/', {
    config: { public: true, ...authLimit },
    schema: {
      tags,
      summary: 'Send a password-reset link (always answers {})',
      body: passwordResetRequest,
      response: { 200: empty },
    },
    handler: async (request) => {
      await requestPasswordReset(ctx, request.body.email, request.meta());
      return ok({});
    },
  });

  r.post('/token/password/reset/confirm/', {
    config: { public: true, secretField: 'new_password', ...authLimit },
    schema: {
      tags,
      summary: 'Set a new password from a reset link; ends all sessions',
      body: passwordResetConfirmRequest,
      response: { 200: empty },
    },
    handler: async (request) => {
      await confirmPasswordReset(ctx, request.body.token, request.body.new_password, request.meta());
      return ok({});
    },
  });
}
