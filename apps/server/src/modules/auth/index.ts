/** The auth module's public entry: what the portal, the request plugins and other modules may use. */
export { verifiedClaimsOrNone } from './access-token.ts';
export { authenticateRequest, type SessionTimes } from './authenticate-request.ts';
export { issueEmailToken, redeemEmailToken } from './email-token-service.ts';
export { consumeSalt, isPlausibleUid, loadSharedSecret } from './handshake-service.ts';
export { LivenessCache } from './liveness-cache.ts';
export { startLivenessListener } from './liveness-listener.ts';
export { releaseSlot, reserveAttempt, settleFailure, unlessLockedMeanwhile } from './lockout.ts';
export { WRONG_CODE } from './mfa-challenge.ts';
export { recoveryCodesLeft, removeMfa, sealTotpSecret, verifySecondFactor } from './mfa-factor.ts';
export { preparePasswordResetMail } from './password-reset-service.ts';
export { assertClinicPasswordPolicy, assertPasswordPolicy } from './password-rules.ts';
export { newRecoveryCodes, recoveryCodeHash } from './recovery-codes.ts';
export { revokeAllSessions, touchSessionNow } from './session-queries.ts';
export { prepareVerificationMail } from './signup-service.ts';
export { newTotpSecret, otpauthUri } from './totp.ts';
