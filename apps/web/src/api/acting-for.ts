import { StorageKeys } from './storage-keys.ts';

/**
 * The protocol's `ACTING_FOR_HEADER`, spelled here: importing it would bring the caregivers
 * schemas (and the audit vocabulary they name) into the login page's first load. The API client's
 * test reads the header by the protocol's constant, so the two cannot drift apart unseen.
 */
const ACTING_FOR_HEADER = 'acting-for';

type Listener = () => void;
const listeners = new Set<Listener>();

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
