/** The auth module's public entry: what the portal, the request plugins and other modules may use. */
export { verifiedClaimsOrNone } from './access-token.ts';
export { insertAccount } from './account-queries.ts';
export { authenticateRequest, type SessionTimes } from './authenticate-request.ts';
export { issueEmailToken } from './email-token-queries.ts';
export { consumeSalt, isPlausibleUid, loadSharedSecret } from './handshake-queries.ts';
export { LivenessCache } from './liveness-cache.ts';
export { startLivenessListener } from './liveness-listener.ts';
export { releaseSlot, reserveAttempt, settleFailure, unlessLockedMeanwhile } from './lockout.ts';
export { WRONG_CODE } from './mfa-challenge.ts';
export { recoveryCodesLeft, removeMfa, sealTotpSecret, verifySecondFactor } from './mfa-factor.ts';
export { assertPasswordPolicy } from './password-rules.ts';
export { newRecoveryCodes, recoveryCodeHash } from './recovery-codes.ts';
export { preparePasswordResetMail } from './reset-password.ts';
export { revokeAllSessions, touchSessionNow } from './session-queries.ts';
export { setPasswordByLink } from './set-password-by-link.ts';
export { prepareVerificationMail } from './sign-up.ts';
export { newTotpSecret, otpauthUri } from './totp.ts';
export { judgeActingFor, todayOf } from './judge-acting-for.ts';
