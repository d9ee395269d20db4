import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import { type Role } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Secrets } from '../../lib/secrets.ts';
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

const ROLES: readonly Role[] = ['user', 'admin'];

interface VerifiedToken {
  claims: AccessClaims;
  exp: number;
  nbf: number | undefined;
}

/**
 * Tokens whose signature and claims checked out, per set of keys, oldest first. The web sends
 * the same token with every request for 15 minutes (each open app polls every 10 s), and the
 * HMAC and two JSON parses were a tenth of the poll's CPU. Only the clock checks depend on
 * when a token is used; they run on every use.
 */
const verifiedTokens = new WeakMap<Secrets, Map<string, VerifiedToken>>();
const MAX_VERIFIED_TOKENS = 100_000;

/**
 * The claims of a token that verifies, else undefined (bad signature, alg other than HS256,
 * expiry, wrong claims). Checked with node:crypto's HMAC in the request's own tick: every
 * authenticated request verifies a token, and WebCrypto (jose's path) queues each one on libuv's
 * thread pool behind argon2 during a login storm. The rules are jose's for HS256 compact JWS.
 */
export function verifiedClaimsOrNone(
  ctx: Pick<AppContext, 'secrets' | 'now'>,
  token: string,
): AccessClaims | undefined {
  const now = Math.floor(ctx.now().getTime() / 1000);
  let known = verifiedTokens.get(ctx.secrets);
  if (!known) verifiedTokens.set(ctx.secrets, (known = new Map()));
  const seen = known.get(token);
  if (seen) return seen.exp > now && (seen.nbf === undefined || seen.nbf <= now) ? seen.claims : undefined;
  const { jwtSecret, jwtPreviousSecret } = ctx.secrets;
  // During a signing-key rotation, tokens signed before it stay valid until they expire.
  const verified =
    verifiedClaims(jwtSecret, token, now) ??
    (jwtPreviousSecret ? verifiedClaims(jwtPreviousSecret, token, now) : undefined);
  if (!verified) return undefined;
  known.set(token, verified);
  if (known.size > MAX_VERIFIED_TOKENS) known.delete(known.keys().next().value!);
  return verified.claims;
}

function verifiedClaims(secret: Uint8Array, token: string, nowSeconds: number): VerifiedToken | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = jsonObject(headerPart);
  // `crit` and `b64` change how a token is read; jose refuses what it does not understand too.
  if (!header || header.alg !== 'HS256' || 'crit' in header || 'b64' in header) return undefined;
  const expected = createHmac('sha256', secret).update(`${headerPart}.${payloadPart}`).digest();
  const signature = base64url(signaturePart);
  if (!signature || signature.length !== expected.length || !timingSafeEqual(signature, expected)) {
    return undefined;
  }
  const payload = jsonObject(payloadPart);
  if (!payload) return undefined;
  const { sub, uid, sid, roles, iss, aud, exp, iat, nbf, mfa_setup } = payload;
  const audiences = Array.isArray(aud) ? aud : [aud];
  if (
    iss !== ISSUER ||
    !audiences.includes(AUDIENCE) ||
    typeof exp !== 'number' ||
    exp <= nowSeconds ||
    typeof iat !== 'number' ||
    (nbf !== undefined && (typeof nbf !== 'number' || nbf > nowSeconds)) ||
    typeof sub !== 'string' ||
    typeof uid !== 'string' ||
    typeof sid !== 'string' ||
    !Array.isArray(roles)
  ) {
    return undefined;
  }
  return {
    claims: {
      userId: sub,
      uid,
      sessionId: sid,
      roles: roles.filter((r): r is Role => ROLES.includes(r as Role)),
      mfaSetupOnly: mfa_setup === true,
    },
    exp,
    nbf: nbf as number | undefined,
  };
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

function base64url(part: string): Buffer | undefined {
  return BASE64URL.test(part) ? Buffer.from(part, 'base64url') : undefined;
}

function jsonObject(part: string): Record<string, unknown> | undefined {
  const bytes = base64url(part);
  if (!bytes) return undefined;
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
