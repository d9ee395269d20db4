import { StorageKeys } from './storage-keys.ts';

type Listener = () => void;
const listeners = new Set<Listener>();

/**
 * Decision 0023: whose record this tab has open when it is not one's own, by patient id.
 * sessionStorage: a tab acts for one person at a time, and the choice dies with the tab (and
 * with the session: session.ts removes it).
 */
export function getActingFor(): string | null {
  return sessionStorage.getItem(StorageKeys.actingFor);
}

export function subscribeActingFor(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `null` goes back to one's own record. */
export function setActingFor(patientId: string | null): void {
  if (patientId === getActingFor()) return;
  if (patientId) sessionStorage.setItem(StorageKeys.actingFor, patientId);
  else sessionStorage.removeItem(StorageKeys.actingFor);
  for (const listener of listeners) listener();
}
