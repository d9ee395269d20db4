import { StorageKeys } from './storage-keys.ts';

/**
 * Where signing in (or creating an account, then signing in) leads back to: a link that needed
 * an account first, like a caregiver's invitation. Only a path of this site, never an address
 * elsewhere, and used once.
 */
export function rememberReturnPath(path: string): void {
  if (path.startsWith('/') && !path.startsWith('//')) sessionStorage.setItem(StorageKeys.returnTo, path);
}

export function takeReturnPath(): string | null {
  const path = sessionStorage.getItem(StorageKeys.returnTo);
  sessionStorage.removeItem(StorageKeys.returnTo);
  return path;
}
