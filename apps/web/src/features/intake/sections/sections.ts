import {
  contactSchema,
  draftOf,
  emergencyContentSchema,
  medicalHistorySchema,
  profileSchema,
  treatingPractitionerSchema,
  type IntakeResourceName,
} from '@portal/protocol';
import { anyTable, type AnyTable } from '../form/field-spec.ts';
import type { Schema } from '../form/validation.ts';
import { contactFields } from './contact-fields.ts';
import { emergencyContactFields } from './emergency-contact-fields.ts';
import { medicalHistoryFields } from './medical-history-fields.ts';
import { practitionerFields } from './practitioner-fields.ts';
import { profileFields } from './profile-fields.ts';

/** One of the five single resources: its fields, the schema the server applies, and its draft form. */
export interface SectionDefinition {
  name: IntakeResourceName;
  table: AnyTable;
  schema: Schema;
  draftSchema: Schema;
}

function section(name: IntakeResourceName, table: AnyTable, schema: Schema & Parameters<typeof draftOf>[0]) {
  return { name, table, schema, draftSchema: draftOf(schema) };
}

export const SECTIONS: Record<IntakeResourceName, SectionDefinition> = {
  profile: section('profile', anyTable(profileFields), profileSchema),
  contact: section('contact', anyTable(contactFields), contactSchema),
  emergency_content: section('emergency_content', anyTable(emergencyContactFields), emergencyContentSchema),
  treating_practitioner: section(
    'treating_practitioner',
    anyTable(practitionerFields),
    treatingPractitionerSchema,
  ),
  medical_history: section('medical_history', anyTable(medicalHistoryFields), medicalHistorySchema),
};

/** Complete means saved and valid by the schema: a partial profile made at signup is not. */
export function isComplete(definition: SectionDefinition, value: unknown): boolean {
  return value !== null && value !== undefined && definition.schema.safeParse(value).success;
}
