/**
 * The Standard Webhooks (Svix) schedule: the first attempt at once, then after each failure
 * 5 s, 5 min, 30 min, 2 h, 5 h, and 10 h for every attempt after those, until the message's
 * delivery window closes.
 */
const RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000];

/** How long to wait after `attempts` failed attempts (1 or more). */
export const retryDelayMs = (attempts: number): number =>
  RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1]!;
