import type { IntakeResourceName } from '@portal/protocol';
import { contactFields } from './contact-fields.ts';
import { coverageFields } from './coverage-fields.ts';
import { emergencyContactFields } from './emergency-contact-fields.ts';
import { anyTable, type AnyTable } from './field-spec.ts';
import { medicalHistoryFields } from './medical-history-fields.ts';
import { practitionerFields } from './practitioner-fields.ts';
import { profileFields } from './profile-fields.ts';

/**
 * Each intake section's field table: the patient's form, their review step and the staff
 * chart all read and label a section from this one list.
 */
export const SECTION_TABLES: Record<IntakeResourceName, AnyTable> = {
  profile: anyTable(profileFields),
  contact: anyTable(contactFields),
  emergency_content: anyTable(emergencyContactFields),
  treating_practitioner: anyTable(practitionerFields),
  medical_history: anyTable(medicalHistoryFields),
};

export const COVERAGE_TABLE: AnyTable = anyTable(coverageFields);
