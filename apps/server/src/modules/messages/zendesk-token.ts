import { SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { Codes, MESSENGER_CONFLICTS, ProtocolError, type ZendeskToken } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { loadSecret, loadSettings } from '../settings/index.ts';

/** Long enough for the widget to log in with it, short enough that a leaked one is soon useless. */
export const ZENDESK_TOKEN_TTL_SECONDS = 5 * 60;

/**
 * Zendesk messaging authentication: an HS256 JWT signed with the clinic's signing key secret,
 * the key's id in the `kid` header, and the claims Zendesk documents (`external_id`, `name`,
 * `email`, `email_verified`, `scope: 'user'`, `iat`, `exp`). The external id is our user id,
 * which never changes, so a new e-mail address keeps the same conversation.
 */
export async function issueZendeskToken(ctx: AppContext, userId: string): Promise<ZendeskToken> {
  const settings = await loadSettings(ctx);
  if (settings.chat_mode !== 'zendesk')
    throw new ProtocolError(Codes.conflict, MESSENGER_CONFLICTS.zendeskOff);
  const [keyId, secret] = await Promise.all([
    loadSecret(ctx, 'zendesk_key_id'),
    loadSecret(ctx, 'zendesk_secret'),
  ]);
  if (!keyId || !secret) throw new ProtocolError(Codes.conflict, MESSENGER_CONFLICTS.zendeskKeys);
  const [user] = await ctx.db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new ProtocolError(Codes.sessionExpired);
  const issuedAt = Math.floor(ctx.now().getTime() / 1000);
  const jwt = await new SignJWT({
    scope: 'user',
    external_id: userId,
    name: `${user.firstName} ${user.lastName}`.trim(),
    email: user.email,
    email_verified: user.emailVerifiedAt !== null,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: keyId })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ZENDESK_TOKEN_TTL_SECONDS)
    .sign(new TextEncoder().encode(secret));
  return { jwt };
}
