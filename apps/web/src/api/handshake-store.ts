import { StorageKeys } from './storage-keys.ts';

/**
 * spec §4: the uid is kept. The shared key Z is kept beside it so a reload (or a kept
 * session after a browser restart) can go on using the uid its access token is bound to.
 * The auth cookie is script-readable by spec anyway, so this adds no new exposure; the
 * server's `script-src 'self'` CSP is what guards both.
 */
export interface HandshakeState {
  uid: string;
  key: string;
}

export function readHandshake(): HandshakeState | null {
  const raw = localStorage.getItem(StorageKeys.handshake);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Record<string, unknown>;
    if (typeof v.uid === 'string' && typeof v.key === 'string' && v.uid && v.key) {
      return { uid: v.uid, key: v.key };
    }
    return null;
  } catch {
    return null;
  }
}

export function writeHandshake(state: HandshakeState): void {
  localStorage.setItem(StorageKeys.handshake, JSON.stringify(state));
}

export function clearHandshake(): void {
  localStorage.removeItem(StorageKeys.handshake);
}
