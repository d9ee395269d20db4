import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelopeBody,
  inviteAcceptRequest,
  inviteRequest,
  plainSuccess,
  userAccessRequest,
  userActionRequest,
  userIdQuery,
  userListQuery,
} from '@portal/protocol';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { ok } from '../../../lib/ok.ts';
import { ADMIN_ONLY, SEALED } from '../../../plugins/route-access.ts';
import { acceptInvite } from './accept-invite.ts';
import { changeAccess } from './change-access.ts';
import { inviteUser } from './invite-user.ts';
import { listUsers } from './list-users.ts';
import { readUserDetail } from './read-user-detail.ts';
import { applyUserAction } from './apply-user-action.ts';

const tags = ['admin: users'];
const sealed = { 200: envelopeBody };
/**
 * Front desk finds and manages accounts, clinicians find the patient whose chart they open:
 * either may list and open users; the detail leaves out what the reader may not see.
 */
const USERS_READERS = ['manage_users', 'read_chart'] as const;

/** The users page: list, detail, invitations, access and account actions. */
export async function adminUserRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/admin/users/', {
    config: { ...ADMIN_ONLY, permission: USERS_READERS },
    schema: {
      tags,
      summary:
        'One page of users: search (e-mail, name or last name prefix), role and status filters, sort (sealed: UserPage)',
      querystring: userListQuery,
      response: sealed,
    },
    handler: async (request) => request.sealed(await listUsers(ctx, request.query)),
  });

  r.get('/admin/user/', {
    config: { ...ADMIN_ONLY, permission: USERS_READERS },
    schema: {
      tags,
      summary:
        "One user with the patient's profile, intake progress and audit trail; audited (sealed: UserDetail)",
      querystring: userIdQuery,
      response: sealed,
    },
    handler: async (request) => request.sealed(await readUserDetail(ctx, request.actor(), request.query.id)),
  });

  r.post('/admin/users/invite/', {
    config: { ...SEALED, permission: 'manage_users' },
    schema: {
      tags,
      summary:
        'Invite a patient or an administrator: an account without password and a 72 h link by e-mail (sealed)',
      body: inviteRequest,
      response: sealed,
    },
    handler: async (request) => request.sealed(await inviteUser(ctx, request.actor(), request.body)),
  });

  r.post('/admin/users/action/', {
    config: { ...SEALED, permission: 'manage_users' },
    schema: {
      tags,
      summary:
        'lock, unlock, deactivate, reactivate, revoke_sessions or resend_invite; 10409 when it does not apply, on oneself or the last administrator (sealed)',
      body: userActionRequest,
      response: sealed,
    },
    handler: async (request) =>
      request.sealed(await applyUserAction(ctx, request.actor(), request.body.id, request.body.action)),
  });

  r.post('/admin/users/access/', {
    config: { ...SEALED, permission: 'manage_users' },
    schema: {
      tags,
      summary: "Replace a user's roles and auths; taking one away ends their sessions (sealed)",
      body: userAccessRequest,
      response: sealed,
    },
    handler: async (request) => request.sealed(await changeAccess(ctx, request.actor(), request.body)),
  });

  r.post('/token/invite/accept/', {
    config: {
      public: true,
      secretField: 'new_password',
      rateLimit: { max: ctx.config.RATE_LIMIT_AUTH_PER_MINUTE, timeWindow: 60_000 },
      rateLimitGroup: 'auth',
    },
    schema: {
      tags: ['auth'],
      summary: 'Set the first password from an invitation link (new_password sealed like reset confirm)',
      body: inviteAcceptRequest,
      response: { 200: plainSuccess(z.object({})) },
    },
    handler: async (request) => {
      await acceptInvite(ctx, request.body.token, request.body.new_password, request.meta());
      return ok({});
    },
  });
}
