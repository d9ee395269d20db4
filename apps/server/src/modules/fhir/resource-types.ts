import type { Resource } from '@medplum/fhirtypes';
import type { PatientData } from './patient-data.ts';

/** The search parameters every served type takes (FHIR R4 §3.1.1.5 and the patient compartment). */
const COMMON = ['_id', '_lastUpdated'] as const;
const PATIENT_OWNED = [...COMMON, 'patient'] as const;

/** How a type's resources are found. */
export type ResourceSource =
  /** The patients themselves: searched in the database (patient-search.ts). */
  | { kind: 'patients' }
  /** One patient's resources of this type; searches walk the patients page by page. */
  | { kind: 'patient-owned'; load: (data: PatientData) => Promise<Resource[]> }
  /** The portal's own definitions, the same for every patient (the BF-ADL Questionnaires). */
  | { kind: 'definitions' };

export interface ServedType {
  type: string;
  searchParams: readonly string[];
  source: ResourceSource;
}

const fromRecord = (type: string): ResourceSource => ({
  kind: 'patient-owned',
  load: async (data) => (await data.recordResources()).filter((r) => r.resourceType === type),
});

const recordType = (type: string): ServedType => ({
  type,
  searchParams: PATIENT_OWNED,
  source: fromRecord(type),
});

/**
 * Every resource type the FHIR API serves, with its search parameters and where it comes from:
 * the CapabilityStatement, the routes, the scope checks and the bulk export all read this table.
 */
export const SERVED_TYPES: readonly ServedType[] = [
  {
    type: 'Patient',
    searchParams: [...COMMON, 'identifier', 'name', 'birthdate', 'email'],
    source: { kind: 'patients' },
  },
  recordType('RelatedPerson'),
  recordType('Coverage'),
  recordType('AllergyIntolerance'),
  recordType('Condition'),
  recordType('MedicationStatement'),
  { type: 'Questionnaire', searchParams: COMMON, source: { kind: 'definitions' } },
  recordType('QuestionnaireResponse'),
  recordType('Observation'),
  recordType('DocumentReference'),
  {
    type: 'Binary',
    searchParams: PATIENT_OWNED,
    source: { kind: 'patient-owned', load: (data) => data.signedPdfs() },
  },
  recordType('Consent'),
  recordType('Device'),
  recordType('DeviceRequest'),
  recordType('SupplyDelivery'),
];

export function servedType(type: string): ServedType | undefined {
  return SERVED_TYPES.find((served) => served.type === type);
}
