/** spec §7: every call lives under this prefix. */
export const API_BASE = '/backend/api/v1';

/** spec §9: request timeout. */
export const REQUEST_TIMEOUT_MS = 100_000;

/** spec §4, §9: the signed-in layout polls the event endpoint this often. */
export const EVENT_POLL_MS = 10_000;

/** spec §9: progress bar minimum and speed. */
export const PROGRESS_MINIMUM = 0.3;
export const PROGRESS_SPEED_MS = 500;

/**
 * A kept session (keep me logged in) lives as long as its refresh token may: the server
 * rotates refresh tokens for 30 days without use (REFRESH_TOKEN_TTL_SECONDS default), and
 * every refresh rewrites the cookie, so the cookie's expiry follows the token expiry.
 */
export const KEPT_SESSION_SECONDS = 30 * 24 * 60 * 60;
