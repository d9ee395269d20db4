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
import type { AppContext, RequestMeta } from '../../context.ts';
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

  /** A step of signing in: answered sealed under the handshake the `uid` header names. */
  function sealedAnswerRoute<Body extends z.ZodType>(
    url: string,
    route: {
      summary: string;
      body: Body;
      config: { secretField?: string; rateLimit: object; rateLimitGroup: string };
      run: (body: z.infer<Body>, uid: string, meta: RequestMeta) => Promise<unknown>;
    },
  ) {
    const { summary, body, config, run } = route;
    r.post(url, {
      config: { public: true, ...config },
      schema: { tags, summary, body, response: encrypted },
      handler: async (request) => {
        const uid = request.headers.uid as string;
        // A missing or revoked handshake answers before the step does any work.
        await request.sharedSecret();
        return request.sealed(await run(request.body as z.infer<Body>, uid, request.meta()));
      },
    });
  }

  sealedAnswerRoute('/token/', {
    summary: 'Sign in; password sealed under the salt header; answers tokens or an MFA challenge',
    body: loginRequest,
    config: { secretField: 'password', ...authLimit },
    run: (body, uid, meta) => login(ctx, { email: body.email, password: body.password, uid, meta }),
  });
  sealedAnswerRoute('/token/mfa/', {
    summary: 'Second login step: a TOTP or recovery code for the mfa_token /token/ answered',
    body: mfaRequest,
    config: authLimit,
    run: (body, uid, meta) => completeMfaLogin(ctx, { mfaToken: body.mfa_token, code: body.code, uid, meta }),
  });
  sealedAnswerRoute('/token/refresh/', {
    summary: 'Rotate the refresh token; reuse revokes the session',
    body: refreshRequest,
    config: {
      rateLimit: { max: RATE_LIMIT_AUTH_PER_MINUTE * 4, timeWindow: 60_000 },
      rateLimitGroup: 'refresh',
    },
    run: async (body, uid, meta) => {
      const rotated = await rotateRefreshToken(ctx, body.refresh, uid).catch(async (error: unknown) => {
        await recordAudit(ctx.db, meta, { action: 'token.refresh', outcome: 'failure' });
        throw error;
      });
      return tokenResponse(ctx, { ...rotated, uid });
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

  /** A public form (sign-up, a link from an e-mail): one use case, then an empty answer. */
  function emptyAnswerRoute<Body extends z.ZodType>(
    url: string,
    route: {
      summary: string;
      body: Body;
      /** The field the client seals under the salt header (a password). */
      secretField?: string;
      run: (body: z.infer<Body>, meta: RequestMeta) => Promise<unknown>;
    },
  ) {
    const { summary, body, secretField, run } = route;
    r.post(url, {
      config: { public: true, ...(secretField && { secretField }), ...authLimit },
      schema: { tags, summary, body, response: { 200: empty } },
      handler: async (request) => {
        await run(request.body as z.infer<Body>, request.meta());
        return ok({});
      },
    });
  }

  emptyAnswerRoute('/token/signup/', {
    summary: 'Create a patient account; a verification e-mail follows',
    body: signupRequest,
    secretField: 'password',
    run: (body, meta) => signup(ctx, body, meta),
  });
  emptyAnswerRoute('/token/verify-email/', {
    summary: 'Confirm an e-mail address from its link',
    body: verifyEmailRequest,
    run: (body, meta) => verifyEmail(ctx, body.token, meta),
  });
  emptyAnswerRoute('/token/password/reset/', {
    summary: 'Send a password-reset link (always answers {})',
    body: passwordResetRequest,
    run: (body, meta) => requestPasswordReset(ctx, body.email, meta),
  });
  emptyAnswerRoute('/token/password/reset/confirm/', {
    summary: 'Set a new password from a reset link; ends all sessions',
    body: passwordResetConfirmRequest,
    secretField: 'new_password',
    run: (body, meta) => confirmPasswordReset(ctx, body.token, body.new_password, meta),
  });
}
