import { errors, jwtVerify, SignJWT } from 'jose';
import { Codes, ProtocolError, type Role } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { randomToken } from '../../lib/random-token.ts';

const ISSUER = 'patient-portal';
const AUDIENCE = 'patient-portal-api';

export interface AccessClaims {
  userId: string;
  uid: string;
  sessionId: string;
  roles: Role[];
  /** protocol.md §10: the clinic requires MFA and it is not set up; only enrolment is reachable. */
  mfaSetupOnly?: boolean;
}

/** protocol.md §5: a short-lived JWT naming the user, the uid it was issued for and the session. */
export async function issueAccessToken(
  ctx: AppContext,
  claims: AccessClaims,
): Promise<{ token: string; expires: number }> {
  const issuedAt = Math.floor(ctx.now().getTime() / 1000);
  const expires = issuedAt + ctx.config.ACCESS_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({
    uid: claims.uid,
    sid: claims.sessionId,
    roles: claims.roles,
    ...(claims.mfaSetupOnly ? { mfa_setup: true } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setJti(randomToken(12))
    .setIssuedAt(issuedAt)
    .setExpirationTime(expires)
    .sign(ctx.secrets.jwtSecret);
  return { token, expires };
}

/** Any failure (bad signature, alg other than HS256, expiry, wrong claims) is 10401. */
export async function verifyAccessToken(ctx: AppContext, token: string): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, ctx.secrets.jwtSecret, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: ctx.now(),
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    const { sub, uid, sid, roles } = payload;
    if (
      typeof sub !== 'string' ||
      typeof uid !== 'string' ||
      typeof sid !== 'string' ||
      !Array.isArray(roles)
    ) {
      throw new ProtocolError(Codes.sessionExpired);
    }
    return {
      userId: sub,
      uid,
      sessionId: sid,
      roles: roles.filter((r): r is Role => r === 'user' || r === 'admin'),
    };
  } catch (error) {
    if (error instanceof ProtocolError || error instanceof errors.JOSEError)
      throw new ProtocolError(Codes.sessionExpired);
    throw error;
  }
}
