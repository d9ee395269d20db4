import type { Consent, Patient, Reference, RelatedPerson } from '@medplum/fhirtypes';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { grantsOfPatient } from '../caregivers/index.ts';
import type { AddToBundle } from '../assessment/index.ts';

const CONSENT_SCOPE = 'http://terminology.hl7.org/CodeSystem/consentscope';
const CONSENT_CATEGORY = 'http://loinc.org';
const ACT_CODE = 'http://terminology.hl7.org/CodeSystem/v3-ActCode';

/** R4's Consent.status for each grant status a reader sees. */
const CONSENT_STATUS = {
  invited: 'proposed',
  active: 'active',
  declined: 'rejected',
  revoked: 'inactive',
  expired: 'inactive',
} as const satisfies Record<string, Consent['status']>;

/**
 * Each caregiver grant (decision 0023) as the Consent the patient gave and the RelatedPerson it
 * names; both take the grant row's id. Who was invited is the clinic's business, so the
 * caregiver's e-mail is on the RelatedPerson as it is on the chart.
 */
export async function addGrantResources(
  ctx: AppContext,
  db: Queryable,
  patientId: string,
  patient: Reference<Patient>,
  add: AddToBundle,
): Promise<void> {
  for (const grant of await grantsOfPatient(ctx, db, patientId)) {
    const changed = [grant.created_at, grant.accepted_at, grant.revoked_at].filter((t) => t !== null).sort();
    const meta = { lastUpdated: changed.at(-1)! };
    const caregiver = add<RelatedPerson>({
      resourceType: 'RelatedPerson',
      id: grant.id,
      meta,
      active: grant.status === 'active',
      patient,
      relationship: [{ text: grant.relationship }],
      name: grant.caregiver_name ? [{ text: grant.caregiver_name }] : undefined,
      telecom: [{ system: 'email', value: grant.caregiver_email }],
      period: { end: grant.ends_on },
    });
    add<Consent>({
      resourceType: 'Consent',
      id: grant.id,
      meta,
      status: CONSENT_STATUS[grant.status],
      scope: { coding: [{ system: CONSENT_SCOPE, code: 'patient-privacy', display: 'Privacy Consent' }] },
      category: [{ coding: [{ system: CONSENT_CATEGORY, code: '59284-0', display: 'Patient Consent' }] }],
      patient,
      dateTime: grant.created_at,
      policyRule: { coding: [{ system: ACT_CODE, code: 'OPTIN', display: 'opt-in' }] },
      provision: {
        type: 'permit',
        period: { end: grant.ends_on },
        actor: [
          {
            role: {
              coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-RoleCode', code: 'DELEGATEE' }],
            },
            reference: caregiver,
          },
        ],
        action: grant.scopes.map((scope) => ({ text: scope })),
      },
    });
  }
}
