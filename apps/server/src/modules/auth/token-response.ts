import { eq } from 'drizzle-orm';
import type { Role, TokenData } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { loadSettings } from '../settings/index.ts';
import { primaryInsuranceType } from '../patient/index.ts';
import { issueAccessToken } from './access-token.ts';

/** protocol.md §5: the fields the web app stores after login and refresh. */
export async function tokenResponse(
  ctx: AppContext,
  session: { userId: string; sessionId: string; uid: string; refresh: string },
): Promise<TokenData> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, session.userId)).limit(1);
  if (!user) throw new Error('session without user');
  const roles = user.roles as Role[];
  // Judged at every issue, so a refresh after enrolling (or after the setting changes) applies it.
  const mfaSetupRequired =
    roles.includes('admin') && !user.mfaEnabled && (await loadSettings(ctx)).require_mfa_for_admins;
  const { token, expires } = await issueAccessToken(ctx, {
    userId: user.id,
    uid: session.uid,
    sessionId: session.sessionId,
    roles,
    mfaSetupOnly: mfaSetupRequired,
  });
  return {
    access: token,
    refresh: session.refresh,
    expires,
    mfa: false,
    username: user.email,
    roles,
    auths: user.auths,
    first_name: user.firstName,
    insurance_type: await primaryInsuranceType(ctx, user.id),
    mfa_setup_required: mfaSetupRequired,
  };
}
