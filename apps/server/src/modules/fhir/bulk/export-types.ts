import { permits } from '../smart/scopes.ts';

/**
 * The resource types a patient's export is made of (the record, BF-ADL and device orders), in
 * the order their files are listed in the manifest.
 */
export const BULK_EXPORT_TYPES = [
  'Patient',
  'RelatedPerson',
  'Practitioner',
  'PractitionerRole',
  'Coverage',
  'Observation',
  'AllergyIntolerance',
  'Condition',
  'MedicationStatement',
  'Procedure',
  'Questionnaire',
  'QuestionnaireResponse',
  'DeviceRequest',
  'Device',
  'SupplyDelivery',
] as const;

/** Bulk Data export is a search over each type, so a client needs both `r` and `s` on it. */
export const mayExport = (scopes: readonly string[], type: string) =>
  permits(scopes, type, 'r') && permits(scopes, type, 's');
