import { StorageKeys } from './storage-keys.ts';

/**
 * How long a way back is kept: as long as the e-mail confirmation link a new account waits for
 * (24 hours), so an account created today still comes back; a stale one is not followed later.
 */
export const RETURN_PATH_TTL_MS = 24 * 60 * 60 * 1000;

/** A path of this site (`/…`), never an address elsewhere (`//host`, `https:`, `/\host`). */
export function sameSitePath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/**
 * Where signing in (or creating an account, confirming it, then signing in) leads back to: a link
 * that needed an account first, like a caregiver's invitation. In localStorage with an expiry, not
 * sessionStorage: the confirmation link often opens in a new tab, which has its own session
 * storage. Only a path of this site, and used once.
 */
export function rememberReturnPath(path: string): void {
  const safe = sameSitePath(path);
  if (!safe) return;
  localStorage.setItem(
    StorageKeys.returnTo,
    JSON.stringify({ path: safe, until: Date.now() + RETURN_PATH_TTL_MS }),
  );
}

export function takeReturnPath(): string | null {
  const stored = localStorage.getItem(StorageKeys.returnTo);
  localStorage.removeItem(StorageKeys.returnTo);
  if (!stored) return null;
  try {
    const { path, until } = JSON.parse(stored) as { path?: unknown; until?: unknown };
    if (typeof path !== 'string' || typeof until !== 'number' || until < Date.now()) return null;
    return sameSitePath(path);
  } catch {
    return null;
  }
}
