import { KEPT_SESSION_SECONDS } from './constants.ts';
import { StorageKeys } from './storage-keys.ts';

/** spec §3: the auth cookie holds access, expires and refresh. */
export interface AuthCookie {
  access: string;
  /** Access-token expiry, Unix seconds (spec §9: compared in seconds). */
  expires: number;
  refresh: string;
}

function isAuthCookie(value: unknown): value is AuthCookie {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.access === 'string' && typeof v.refresh === 'string' && typeof v.expires === 'number';
}

export function readAuthCookie(): AuthCookie | null {
  const prefix = `${StorageKeys.authCookie}=`;
  const raw = document.cookie
    .split('; ')
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(raw));
    return isAuthCookie(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * spec §3: the cookie's expiry derives from the token expiry. Without "keep me logged in"
 * it is a session cookie, so closing the browser ends the session.
 */
export function writeAuthCookie(cookie: AuthCookie, keep: boolean): void {
  const value = encodeURIComponent(JSON.stringify(cookie));
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  const expiry = keep
    ? `; Expires=${new Date((cookie.expires + KEPT_SESSION_SECONDS) * 1000).toUTCString()}`
    : '';
  document.cookie = `${StorageKeys.authCookie}=${value}; Path=/; SameSite=Strict${secure}${expiry}`;
}

export function clearAuthCookie(): void {
  document.cookie = `${StorageKeys.authCookie}=; Path=/; SameSite=Strict; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}
