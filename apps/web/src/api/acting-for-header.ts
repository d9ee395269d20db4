import { StorageKeys } from './storage-keys.ts';

/**
 * The protocol's `ACTING_FOR_HEADER`, spelled here: importing it would bring the caregivers
 * schemas (and the audit vocabulary they name) into the login page's first load. The API client's
 * test reads the header by the protocol's constant, so the two cannot drift apart unseen.
 */
const ACTING_FOR_HEADER = 'acting-for';

/**
 * Decision 0023: the patient's record routes carry whose record this tab has open (kept in
 * sessionStorage by acting-for.ts), or the record a request names (the caregiver's home reads
 * each helped patient's tasks without opening their record); the event poll is the caregiver's own.
 */
export function actingForHeaders(
  path: string,
  patientId = sessionStorage.getItem(StorageKeys.actingFor),
): Record<string, string> {
  return patientId && path.startsWith('/patient/') && path !== '/patient/event/'
    ? { [ACTING_FOR_HEADER]: patientId }
    : {};
}
