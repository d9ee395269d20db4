import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every phone authenticator reads it: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
/** One step either side absorbs clock drift and the time taken to type the code. */
const WINDOW_STEPS = 1;

function totpOf(secretBase32: string, label = 'account', issuer = 'Patient portal'): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** 160 random bits, the size RFC 4226 §4 recommends for SHA-1. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUri(secretBase32: string, label: string, issuer: string): string {
  return totpOf(secretBase32, label, issuer).toString();
}

/** The time step the code belongs to, or null when it matches none within the window. */
export function matchingStep(secretBase32: string, code: string, now: Date): number | null {
  const timestamp = now.getTime();
  const delta = totpOf(secretBase32).validate({ token: code, timestamp, window: WINDOW_STEPS });
  if (delta === null) return null;
  return Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta;
}
