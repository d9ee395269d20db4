/** A time-based one-time code has 6 digits; recovery codes are two groups of five letters or digits. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-[a-z0-9]{5}$/;
