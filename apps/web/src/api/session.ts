import { clearAuthCookie, readAuthCookie, writeAuthCookie } from './auth-cookie.ts';
import { clearHandshake } from './handshake-store.ts';
import type { TokenData } from '@portal/protocol';
import { StorageKeys } from './storage-keys.ts';
import type { UserInfo } from './user-info.ts';
import { DEFAULT_ROLES, clearUserInfo, readUserInfo, writeUserInfo } from './user-info.ts';

export interface Session {
  access: string;
  /** Unix seconds. */
  expires: number;
  refresh: string;
  user: UserInfo;
}

type Listener = () => void;
const listeners = new Set<Listener>();
const endListeners = new Set<(reason: SessionEndReason) => void>();

export type SessionEndReason = 'logout' | 'expired' | 'locked' | 'rejected';

/**
 * The auth cookie is the source of truth: without it there is no session, whatever user
 * info a previous browser session left behind (a session cookie dies with the browser,
 * so "keep me logged in" off ends the session on restart).
 */
function load(): Session | null {
  const cookie = readAuthCookie();
  const user = readUserInfo();
  if (!cookie || !user) {
    clearAuthCookie();
    clearUserInfo();
    return null;
  }
  return { access: cookie.access, expires: cookie.expires, refresh: cookie.refresh, user };
}

let current: Session | null = load();

function publish(next: Session | null): void {
  current = next;
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  return current;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called when a session ends for any reason, so the app can go to the login screen. */
export function onSessionEnd(listener: (reason: SessionEndReason) => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

/** spec §4: signed out → signed in stores tokens and user info. */
export function storeTokens(tokens: TokenData, keep: boolean): Session {
  const user: UserInfo = {
    refresh: tokens.refresh,
    expires: tokens.expires,
    username: tokens.username,
    roles: tokens.roles.length > 0 ? tokens.roles : [...DEFAULT_ROLES],
    auths: tokens.auths,
    first_name: tokens.first_name,
    insurance_type: tokens.insurance_type,
    keep,
    mfa_setup_required: tokens.mfa_setup_required === true,
  };
  writeUserInfo(user);
  writeAuthCookie({ access: tokens.access, expires: tokens.expires, refresh: tokens.refresh }, keep);
  const session: Session = { access: tokens.access, expires: tokens.expires, refresh: tokens.refresh, user };
  publish(session);
  return session;
}

/**
 * spec §4: logout clears cookies and stored user info and destroys the key and uid.
 * Idempotent: parallel failures that each end the session notify once.
 */
export function clearSession(reason: SessionEndReason): void {
  const hadSession = current !== null;
  clearAuthCookie();
  clearUserInfo();
  clearHandshake();
  // Decision 0023: whose record was open goes with the session (acting-for.ts keeps it).
  sessionStorage.removeItem(StorageKeys.actingFor);
  publish(null);
  if (hadSession || reason === 'logout') {
    for (const listener of endListeners) listener(reason);
  }
}

/** spec §9: token expiry is compared in seconds. */
export function isAccessExpired(session: Session, nowMs: number = Date.now()): boolean {
  return Math.floor(nowMs / 1000) >= session.expires;
}
