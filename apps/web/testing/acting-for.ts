import type { QueryKey } from '@tanstack/react-query';
import type { ActingForGrant, CaregiverScope, CaregiversOverview } from '@portal/protocol';
import { setActingFor } from '../src/api/acting-for.ts';

export const MARGARET: Omit<ActingForGrant, 'scopes'> = {
  id: '5b0c7f57-8c0e-4d53-9a57-3d6f2c1e0a02',
  patient_id: '7d1e2c3b-4a5f-4e6d-8c7b-9a0f1e2d3c4c',
  patient_name: 'Margaret',
  relationship: 'mother',
  ends_on: '2027-11-26',
};

/** Margaret's grant to the signed-in caregiver, with these scopes, as the caregivers overview lists it. */
export function margaretGrant(scopes: readonly CaregiverScope[]): ActingForGrant {
  return { ...MARGARET, scopes: [...scopes] };
}

/**
 * Opens Margaret's record in this tab under a grant of these scopes, and returns the grants as the
 * caregivers hook reads them from a screen's cache (no one signed in: username ''). The test
 * calls `setActingFor(null)` afterwards.
 */
export function actForMargaret(scopes: readonly CaregiverScope[]): readonly [QueryKey, CaregiversOverview] {
  setActingFor(MARGARET.patient_id);
  const overview: CaregiversOverview = {
    given: [],
    received: [margaretGrant(scopes)],
    representative_signing_allowed: false,
  };
  return [['caregivers', '', 'overview'], overview];
}
