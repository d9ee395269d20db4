import { ACTING_FOR_HEADER } from '@portal/protocol';
import { StorageKeys } from './storage-keys.ts';

type Listener = () => void;
const listeners = new Set<Listener>();
const refusedListeners = new Set<Listener>();

/**
 * Decision 0023: whose record this tab has open when it is not one's own, by patient id.
 * sessionStorage: a tab acts for one person at a time, and the choice dies with the tab.
 */
let current: string | null = sessionStorage.getItem(StorageKeys.actingFor);

export function getActingFor(): string | null {
  return current;
}

export function subscribeActingFor(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `null` goes back to one's own record. */
export function setActingFor(patientId: string | null): void {
  if (patientId === current) return;
  if (patientId) sessionStorage.setItem(StorageKeys.actingFor, patientId);
  else sessionStorage.removeItem(StorageKeys.actingFor);
  current = patientId;
  for (const listener of listeners) listener();
}

/** The patient's record routes carry the header; the event poll is the caregiver's own. */
export function actingForHeaders(path: string): Record<string, string> {
  return current && path.startsWith('/patient/') && path !== '/patient/event/'
    ? { [ACTING_FOR_HEADER]: current }
    : {};
}

/** Called on 10404 to a request sent for someone else: the grant may have ended meanwhile. */
export function onActingForRefused(listener: Listener): () => void {
  refusedListeners.add(listener);
  return () => refusedListeners.delete(listener);
}

export function reportActingForRefused(): void {
  for (const listener of refusedListeners) listener();
}
