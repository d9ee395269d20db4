import { useSyncExternalStore } from 'react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Codes, type ActingForGrant, type CaregiverScope, type CaregiversOverview } from '@portal/protocol';
import { getActingFor, setActingFor, subscribeActingFor } from './acting-for.ts';
import { ApiError } from './api-error.ts';
import { apiRequest } from './client.ts';
import { rolesOf } from './home-path.ts';
import { showNotice } from './notice-store.ts';
import { getSession } from './session.ts';
import { useSession } from './use-session.ts';

const overviewKey = (username: string) => ['caregivers', username, 'overview'] as const;

function fetchOverview() {
  return apiRequest<CaregiversOverview>({ method: 'GET', path: '/account/caregivers/' });
}

/**
 * Grants the signed-in patient gave and those they hold (decision 0023). Read once a page load
 * and again when a grant may have changed (the refresh_token event, a 10404 while acting for).
 */
export function useCaregiversOverview() {
  const session = useSession();
  return useQuery({
    queryKey: overviewKey(session?.user.username ?? ''),
    queryFn: fetchOverview,
    enabled: rolesOf(session).includes('user'),
    staleTime: Infinity,
  });
}

export function useActingForId(): string | null {
  return useSyncExternalStore(subscribeActingFor, getActingFor);
}

export interface ActingFor {
  /** The patient whose record is open, or null for one's own. */
  patientId: string | null;
  /** The live grant for it, undefined while the grants load. */
  grant: ActingForGrant | undefined;
  /**
   * What the open record lets this person do: everything on their own record; on the account of
   * one that joined only to help, which has no record (decision 0032), only writing to the clinic
   * (decision 0033).
   */
  may: (scope: CaregiverScope) => boolean;
}

const CAREGIVER_ONLY_MAY: ReadonlySet<CaregiverScope> = new Set(['write_messages']);

export function useActingFor(): ActingFor {
  const patientId = useActingForId();
  const { data } = useCaregiversOverview();
  const grant = patientId ? data?.received.find((g) => g.patient_id === patientId) : undefined;
  return {
    patientId,
    grant,
    may: (scope) =>
      patientId === null
        ? data?.is_patient !== false || CAREGIVER_ONLY_MAY.has(scope)
        : (grant?.scopes.includes(scope) ?? false),
  };
}

/** Reads the grants again now (a grant was accepted, or may have ended); null when signed out. */
export async function reloadCaregiversOverview(client: QueryClient): Promise<CaregiversOverview | null> {
  const username = getSession()?.user.username;
  if (!username) return null;
  return client.fetchQuery({ queryKey: overviewKey(username), queryFn: fetchOverview, staleTime: 0 });
}

/**
 * Reads the grants again; when the open record's grant has ended, goes back to one's own record
 * with a notice. True when it did, so the caller leaves the page that showed the other record.
 */
export async function reconcileActingFor(client: QueryClient): Promise<boolean> {
  // One's own record never ends this way (and staff, who hold no grants, are not asked).
  if (!getActingFor()) return false;
  const overview = await reloadCaregiversOverview(client);
  const open = getActingFor();
  if (!overview || !open || overview.received.some((g) => g.patient_id === open)) return false;
  openRecord(client, null);
  // A caregiver-only account has no record of its own to go back to (decision 0032).
  const key = overview.is_patient === false ? 'caregiverOnlyAccessEnded' : 'caregiverAccessEnded';
  showNotice({ key, tone: 'warning', durationMs: 10_000 });
  return true;
}

// Kept across a switch: they are the person's own, not the record's. The invitation just accepted
// is one: dropped while its page still shows, it would be read again, and a used token answers 10400.
const OWN_QUERIES: ReadonlySet<unknown> = new Set([
  'caregivers',
  'caregiver-invitation',
  'public-config',
  'patient-event',
]);

/** Opens another record (a patient id) or one's own (null); nothing cached of the last one stays. */
export function openRecord(client: QueryClient, patientId: string | null): void {
  setActingFor(patientId);
  client.removeQueries({ predicate: (query) => !OWN_QUERIES.has(query.queryKey[0]) });
}

const isMissing = (error: unknown) => error instanceof ApiError && error.code === Codes.itemsNotFound;

/**
 * Calls `onRefused` when a read or a write answers 10404 while another record is open: the grant
 * may have ended since (decision 0023: a lapsed or revoked grant answers like a foreign record).
 */
export function watchActingForRefusals(client: QueryClient, onRefused: () => void): () => void {
  const check = (error: unknown) => {
    if (getActingFor() && isMissing(error)) onRefused();
  };
  const stopQueries = client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
  });
  const stopMutations = client.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
  });
  return () => {
    stopQueries();
    stopMutations();
  };
}
